// The URL history: what each load notes, how two histories merge, where old URLs point (one hop),
// and a broken history file named with what is wrong.
import { describe, expect, it } from 'vitest';
import { currentPagePath, findMovedPages } from '../src/entries/moved-pages.js';
import {
  emptyUrlHistory,
  historyRedirects,
  knownPages,
  mergeUrlHistories,
  noteCurrentUrls,
  parseUrlHistory,
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
    expect([...historyRedirects(history)]).toEqual([
      ['/a/1/', '/c/1/'],
      ['/b/1/', '/c/1/'],
    ]);
    expect(knownPages(history).get('products')).toEqual(new Set(['1', '2']));
  });

  it('a page back at a URL it had forgets the URLs after it: A → B → A leaves no redirect either way', () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'sections', urls([['phones', '/catalog/phones/']]));
    history = noteCurrentUrls(history, 'sections', urls([['phones', '/catalog/mobiles/']]));
    expect([...historyRedirects(history)]).toEqual([['/catalog/phones/', '/catalog/mobiles/']]);
    history = noteCurrentUrls(history, 'sections', urls([['phones', '/catalog/phones/']]));
    expect(history.pages['sections:phones']?.urls).toEqual(['/catalog/phones/']);
    expect(historyRedirects(history).size).toBe(0);
    // X → A → B → A: X still leads to A, B is forgotten.
    history = noteCurrentUrls(emptyUrlHistory(), 'products', urls([['1', '/x/1/']]));
    for (const url of ['/a/1/', '/b/1/', '/a/1/'])
      history = noteCurrentUrls(history, 'products', urls([['1', url]]));
    expect(history.pages['products:1']?.urls).toEqual(['/x/1/', '/a/1/']);
    expect([...historyRedirects(history)]).toEqual([['/x/1/', '/a/1/']]);
  });

  it('a URL another page now has is never a redirect', () => {
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
    expect(historyRedirects(history).size).toBe(0);
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

describe("the history and the catalog: where links in the service's HTML point", () => {
  const style = { trailingSlash: 'always', format: 'directory', base: '/' } as const;

  it("no redirect between a page's URLs that differ only by the trailing slash (trailingSlash changed)", () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'sections', new Map([['1', '/about/']]));
    history = noteCurrentUrls(history, 'sections', new Map([['1', '/about']]));
    expect(history.pages['sections:1']?.urls).toEqual(['/about']);
    expect(historyRedirects(history).size).toBe(0);
  });

  it('a section renamed back (the history still says it moved) is live: its URL and those below stay', () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'sections', urls([['7', '/catalog/phones/']]));
    history = noteCurrentUrls(history, 'sections', urls([['7', '/catalog/phones-renamed/']]));
    history = noteCurrentUrls(history, 'products', urls([['1', '/catalog/phones-renamed/1/']]));
    const products = noteCurrentUrls(emptyUrlHistory(), 'products', urls([['1', '/catalog/phones/1/']]));
    history = mergeUrlHistories(products, history);
    // The sync finds section 7 at its first URL again; the products loader has not noted it yet.
    const moved = findMovedPages(history, [{ id: 7, url: '/catalog/phones' }], style);
    expect(currentPagePath('/catalog/phones/', moved)).toBe('/catalog/phones/');
    expect(currentPagePath('/catalog/phones/1/', moved)).toBe('/catalog/phones/1/');
    expect(currentPagePath('/catalog/phones-renamed/', moved)).toBe('/catalog/phones/');
    expect(currentPagePath('/catalog/phones-renamed/1/', moved)).toBe('/catalog/phones/1/');
  });

  it('a move the history knows whose target moved in this sync is followed there in one hop', () => {
    let history = noteCurrentUrls(emptyUrlHistory(), 'sections', urls([['2', '/catalog/audio/']]));
    history = mergeUrlHistories(
      history,
      noteCurrentUrls(
        noteCurrentUrls(emptyUrlHistory(), 'products', urls([['9', '/catalog/old/9/']])),
        'products',
        urls([['9', '/catalog/audio/9/']]),
      ),
    );
    const moved = findMovedPages(history, [{ id: 2, url: '/catalog/sound' }], style);
    expect(currentPagePath('/catalog/old/9/', moved)).toBe('/catalog/sound/9/');
    expect(currentPagePath('/catalog/audio/9/', moved)).toBe('/catalog/sound/9/');
    expect(currentPagePath('/catalog/audio/', moved)).toBe('/catalog/sound/');
  });
});
