// The URL history: what each load notes, how two histories merge, where old URLs point (one hop),
// and a broken history file named with what is wrong.
import { describe, expect, it } from 'vitest';
import { configRedirects } from '../src/build-time/integration/static-redirects.js';
import {
  emptyUrlHistory,
  knownPages,
  mergeUrlHistories,
  noteCurrentUrls,
  parseUrlHistory,
  redirectsOf,
} from '../src/entries/url-history.js';

const urls = (entries: [string, string][]) => new Map(entries);

describe('URL history', () => {
  it('a page moved twice redirects from both old URLs straight to its current one; a gone page from none', () => {
    let history = noteCurrentUrls(
      emptyUrlHistory(),
      'products',
      urls([
        ['1', '/a/1/'],
        ['2', '/a/2/'],
      ]),
    );
    history = noteCurrentUrls(
      history,
      'products',
      urls([
        ['1', '/b/1/'],
        ['2', '/a/2/'],
      ]),
    );
    history = noteCurrentUrls(history, 'products', urls([['1', '/c/1/']]));
    expect(history.pages['products:1']).toEqual({ urls: ['/a/1/', '/b/1/', '/c/1/'] });
    expect(history.pages['products:2']).toEqual({ urls: ['/a/2/'], gone: true });
    expect([...redirectsOf(history)]).toEqual([
      ['/a/1/', '/c/1/'],
      ['/b/1/', '/c/1/'],
    ]);
    expect(knownPages(history).get('products')).toEqual(new Set(['1', '2']));
  });

  it('a page back at an old URL is there again, and a URL another page now has is never a redirect', () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'sections', urls([['phones', '/catalog/phones/']]));
    history = noteCurrentUrls(history, 'sections', urls([['phones', '/catalog/mobiles/']]));
    history = noteCurrentUrls(
      history,
      'sections',
      urls([
        ['phones', '/catalog/mobiles/'],
        ['new', '/catalog/phones/'],
      ]),
    );
    expect(redirectsOf(history).size).toBe(0);
    history = noteCurrentUrls(history, 'sections', urls([['phones', '/catalog/phones/']]));
    expect(history.pages['sections:phones']?.urls).toEqual(['/catalog/mobiles/', '/catalog/phones/']);
    expect([...redirectsOf(history)]).toEqual([['/catalog/mobiles/', '/catalog/phones/']]);
  });

  it("merges a file's history under the store's: older URLs first, the newer says whether a page is gone", () => {
    const file = { version: 1 as const, pages: { 'products:1': { urls: ['/old/1/', '/a/1/'] } } };
    const store = {
      version: 1 as const,
      pages: { 'products:1': { urls: ['/a/1/', '/b/1/'], gone: true as const } },
    };
    expect(mergeUrlHistories(file, store).pages['products:1']).toEqual({
      urls: ['/old/1/', '/a/1/', '/b/1/'],
      gone: true,
    });
  });

  it('a broken history file fails with its name, the field and what is wrong', () => {
    expect(() => parseUrlHistory('{', 'urls.json')).toThrow(/^URL history urls\.json: not JSON/);
    expect(() =>
      parseUrlHistory('{"version":1,"pages":{"products:1":{"urls":["a/1/"]}}}', 'urls.json'),
    ).toThrow('URL history urls.json: pages.products:1.urls.0: ');
    expect(() => parseUrlHistory('{"version":2,"pages":{}}', 'urls.json')).toThrow('urls.json: version: ');
  });
});

describe("the history as Astro's redirects", () => {
  it("no redirect between a page's URLs that differ only by the trailing slash (trailingSlash changed)", () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'sections', new Map([['1', '/about/']]));
    history = noteCurrentUrls(history, 'sections', new Map([['1', '/about']]));
    expect(history.pages['sections:1']?.urls).toEqual(['/about/', '/about']);
    expect(configRedirects(history, {})).toEqual({});
  });

  it('one redirect per old URL, straight to the current one, keyed as Astro routes; the config wins', () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'products', new Map([['1', '/a/1/']]));
    history = noteCurrentUrls(history, 'products', new Map([['1', '/b/1/']]));
    history = noteCurrentUrls(history, 'products', new Map([['1', '/c/1/']]));
    expect(configRedirects(history, {})).toEqual({
      '/a/1': { status: 301, destination: '/c/1/' },
      '/b/1': { status: 301, destination: '/c/1/' },
    });
    expect(configRedirects(history, { '/b/1/': '/elsewhere/' })).toEqual({
      '/a/1': { status: 301, destination: '/c/1/' },
    });
  });
});
