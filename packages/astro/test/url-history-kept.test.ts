// A load that keeps its stored entries (answers unchanged) reads the stored URL history instead of
// noting every entry again: for any run of builds before it, and whatever history file the project
// read, it must settle the same history as noting them would, and leave the stored text as noting
// them would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordUrlHistory, URL_HISTORY_META_KEY } from '../src/build-time/load-run/url-history-record.js';
import { emptyUrlHistory, type UrlHistory, urlHistoryText } from '../src/entries/url-history.js';
import { Project } from '../src/project/project.js';
import { standaloneSettings } from '../src/project/project-settings.js';
import { createStore, loaderContext } from './helpers/index.js';

/** A build's product pages: entry id → URL (a few ids and URLs, so moves, undos and gone pages occur). */
const pagesArb = fc.dictionary(
  fc.constantFrom('1', '2', '3', '4', '5'),
  fc.constantFrom('/a/', '/b/', '/c/', '/a', '/d/'),
  { maxKeys: 5 },
);

/** Pages of a history: some the builds have, some not, URLs of one route twice (`/a/`, `/a`). */
const historyPagesArb = fc.dictionary(
  fc.constantFrom('products:1', 'products:2', 'products:6', 'sections:1'),
  fc.record({
    urls: fc.array(fc.constantFrom('/a/', '/a', '/b/', '/x/'), { minLength: 1, maxLength: 3 }),
    gone: fc.option(fc.constant(true as const), { nil: undefined }),
  }),
);

/** The history file a build reads first: none, or pages of its own. */
const fileArb = fc.option(historyPagesArb, { nil: undefined, freq: 2 });
/** The file this build reads: none, the one the earlier builds read, or another. */
const nowArb = fc.oneof(fc.constant('none' as const), fc.constant('earlier' as const), historyPagesArb);
/** Rarely, a stored text of pages of its own. */
const foreignArb = fc.option(historyPagesArb, { nil: undefined, freq: 4 });

const toHistory = (pages: Record<string, { urls: string[]; gone?: true | undefined }>): UrlHistory => ({
  version: 1,
  pages: Object.fromEntries(
    Object.entries(pages).map(([key, page]) => [
      key,
      page.gone ? { urls: page.urls, gone: true } : { urls: page.urls },
    ]),
  ),
});

/** One change to a stored history, on its `at`-th page: each breaks what noting again would keep. */
const tamperArb = fc.option(
  fc.record({
    how: fc.constantFrom('same-route', 'flip-gone', 'other-kind', 'drop', 'extra-gone', 'reorder'),
    at: fc.nat(4),
  }),
  { nil: undefined, freq: 4 },
);

function tampered(history: UrlHistory, { how, at }: { how: string; at: number }): UrlHistory {
  const pages = { ...history.pages };
  const keys = Object.keys(pages);
  const key = keys[at % Math.max(1, keys.length)];
  const page = key === undefined ? undefined : pages[key];
  if (how === 'other-kind') pages['articles:1'] = { urls: ['/n/'] };
  else if (how === 'extra-gone') pages['products:9'] = { urls: ['/z/'], gone: true };
  else if (key !== undefined && page !== undefined) {
    const last = page.urls.at(-1) as string;
    const sameRoute = last.endsWith('/') ? last.slice(0, -1) : `${last}/`;
    if (how === 'same-route') pages[key] = { ...page, urls: [sameRoute, ...page.urls] };
    if (how === 'flip-gone') pages[key] = page.gone ? { urls: page.urls } : { urls: page.urls, gone: true };
    if (how === 'drop') delete pages[key];
    if (how === 'reorder') pages[key] = { ...page, urls: [...page.urls].reverse() };
  }
  return { version: 1, pages };
}

/** A build's project: the file's history read first, as the integration does. */
function projectReading(file: UrlHistory | undefined): Project {
  const project = new Project(standaloneSettings(), undefined, false);
  if (file) project.noteUrlHistory(file);
  return project;
}

describe('the URL history of a load that kept its stored entries', () => {
  it('is what noting the same entries again gives, and the stored text stays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pagesArb, { minLength: 1, maxLength: 4 }),
        fileArb,
        nowArb,
        foreignArb,
        tamperArb,
        async (builds, earlier, now, foreign, tamper) => {
          const store = await createStore();
          const t = loaderContext(store, 'products', z.any());
          const earlierFile = earlier === undefined ? undefined : toHistory(earlier);
          // Earlier builds, each committing its pages.
          for (const pages of builds) {
            for (const id of t.ctx.store.keys()) t.ctx.store.delete(id);
            for (const [id, url] of Object.entries(pages)) t.ctx.store.set({ id, data: { url } });
            recordUrlHistory(t.ctx, projectReading(earlierFile), 'products', 'complete');
          }
          // Sometimes a stored text no noting of these entries wrote (another version's, or edited).
          if (foreign !== undefined) t.ctx.meta.set(URL_HISTORY_META_KEY, urlHistoryText(toHistory(foreign)));
          else if (tamper !== undefined) {
            const text = t.ctx.meta.get(URL_HISTORY_META_KEY);
            const history = text === undefined ? emptyUrlHistory() : (JSON.parse(text) as UrlHistory);
            t.ctx.meta.set(URL_HISTORY_META_KEY, urlHistoryText(tampered(history, tamper)));
          }
          const stored = t.ctx.meta.get(URL_HISTORY_META_KEY);
          // This build reads a history file (the one an earlier build wrote, or another) and keeps the entries.
          const file = now === 'none' ? undefined : now === 'earlier' ? earlierFile : toHistory(now);
          const kept = projectReading(file);
          recordUrlHistory(t.ctx, kept, 'products', 'kept');
          const keptText = t.ctx.meta.get(URL_HISTORY_META_KEY);
          // The same build noting its entries, from the same stored text.
          if (stored !== undefined) t.ctx.meta.set(URL_HISTORY_META_KEY, stored);
          const noted = projectReading(file);
          recordUrlHistory(t.ctx, noted, 'products', 'complete');
          expect(urlHistoryText(kept.urlHistory)).toBe(urlHistoryText(noted.urlHistory));
          expect(keptText).toBe(t.ctx.meta.get(URL_HISTORY_META_KEY));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('an empty store history is noted, not taken as it is', async () => {
    const store = await createStore();
    const t = loaderContext(store, 'products', z.any());
    t.ctx.store.set({ id: '1', data: { url: '/a/' } });
    t.ctx.meta.set(URL_HISTORY_META_KEY, urlHistoryText(emptyUrlHistory()));
    const project = projectReading(undefined);
    recordUrlHistory(t.ctx, project, 'products', 'kept');
    // An empty history stored beside a stored entry is not what noting gives: the fast path must not take it.
    expect(project.urlHistory.pages['products:1']).toEqual({ urls: ['/a/'] });
  });
});

/** One step of a long-lived process: a collection's load, a history file read, a stored text edited or copied. */
const stepArb = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      load: fc.constantFrom('a', 'b', 'c'),
      pages: fc.option(pagesArb, { nil: undefined }),
      state: fc.constantFrom('complete' as const, 'kept' as const, 'stale' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ file: historyPagesArb }) },
  { weight: 1, arbitrary: fc.record({ edit: fc.constantFrom('a', 'b', 'c'), pages: historyPagesArb }) },
  // Another collection's stored text and entries (the memo must not take it for its own).
  {
    weight: 1,
    arbitrary: fc.record({ copy: fc.constantFrom('a', 'b', 'c'), to: fc.constantFrom('a', 'b', 'c') }),
  },
);

const KINDS = { a: 'products', b: 'products', c: 'articles' } as const;
const contextsIn = (store: Awaited<ReturnType<typeof createStore>>) => ({
  a: loaderContext(store, 'a', z.any()),
  b: loaderContext(store, 'b', z.any()),
  c: loaderContext(store, 'c', z.any()),
});

describe('the URL history of loads again and again in one process (astro dev, reloads)', () => {
  it('is, after every step, what a project noting each load afresh has, and the stored texts are the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        // Two collections of one kind (two product filters) and one of another in one project,
        // beside a world where every load is noted afresh: a new project seeded with the history
        // so far, a kept store noted in full.
        const mine = await createStore();
        const fresh = await createStore();
        const worlds = { mine: { contexts: contextsIn(mine) }, fresh: { contexts: contextsIn(fresh) } };
        const project = projectReading(undefined);
        let freshHistory = emptyUrlHistory();
        for (const step of steps) {
          for (const world of ['mine', 'fresh'] as const) {
            const seeded = world === 'fresh' ? projectReading(freshHistory) : project;
            if ('file' in step) seeded.noteUrlHistory(toHistory(step.file));
            else if ('edit' in step)
              worlds[world].contexts[step.edit].ctx.meta.set(
                URL_HISTORY_META_KEY,
                urlHistoryText(toHistory(step.pages)),
              );
            else if ('copy' in step) {
              const { contexts } = worlds[world];
              const from = contexts[step.copy].ctx;
              const to = contexts[step.to].ctx;
              const text = from.meta.get(URL_HISTORY_META_KEY);
              if (text !== undefined) to.meta.set(URL_HISTORY_META_KEY, text);
              const entries = [...from.store.values()];
              for (const id of to.store.keys()) to.store.delete(id);
              for (const { id, data } of entries) to.store.set({ id, data });
            } else {
              const { ctx } = worlds[world].contexts[step.load];
              // Pages set without a load (say, one that failed half way) test what the memo may assume.
              if (step.pages !== undefined) {
                for (const id of ctx.store.keys()) ctx.store.delete(id);
                for (const [id, url] of Object.entries(step.pages)) ctx.store.set({ id, data: { url } });
              }
              const state = world === 'fresh' && step.state === 'kept' ? 'complete' : step.state;
              recordUrlHistory(ctx, seeded, KINDS[step.load], state);
            }
            if (world === 'fresh') freshHistory = seeded.urlHistory;
          }
          expect(urlHistoryText(project.urlHistory)).toBe(urlHistoryText(freshHistory));
          for (const c of ['a', 'b', 'c'] as const)
            expect(worlds.mine.contexts[c].ctx.meta.get(URL_HISTORY_META_KEY)).toBe(
              worlds.fresh.contexts[c].ctx.meta.get(URL_HISTORY_META_KEY),
            );
        }
      }),
      { numRuns: 500 },
    );
  });
});
