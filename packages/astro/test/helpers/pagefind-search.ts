/**
 * Pagefind's own browser search (the `pagefind.js` a written index ships), run in Node against the
 * index served over loopback: what a shopper's browser would find, without a browser.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { listenLocal } from './local-server.js';

/** A result as Pagefind's `data()` gives it. */
export interface FoundPage {
  url: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

export interface IndexSearch {
  /** Results of `term` (or every record for `null`), with Pagefind's filters and sort. */
  search(
    term: string | null,
    options?: { filters?: Record<string, unknown>; sort?: Record<string, 'asc' | 'desc'> },
  ): Promise<FoundPage[]>;
  /** Every filter value with its count. */
  filters(): Promise<Record<string, Record<string, number>>>;
  /** Paths the index served, in order. */
  requests: string[];
  close(): Promise<void>;
}

interface PagefindModule {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(
    term: string | null,
    o?: Record<string, unknown>,
  ): Promise<{ results: { data(): Promise<FoundPage> }[] } | null>;
  filters(): Promise<Record<string, Record<string, number>>>;
}

/** Serves the folder holding the index (`root`) and loads the index at `root/<bundle>` in Node. */
export async function searchIndexAt(root: string, bundle = 'pagefind'): Promise<IndexSearch> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    requests.push(urlPath);
    const file = path.join(root, path.normalize(urlPath));
    void stat(file)
      .then((info) => (info.isFile() ? readFile(file) : undefined))
      .catch(() => undefined)
      .then((body) => {
        res.writeHead(body ? 200 : 404, { connection: 'close' });
        res.end(body ?? 'not found');
      });
  });
  const served = await listenLocal(server);
  // A module instance of its own (the query makes it another module): Pagefind keeps its options
  // and loaded chunks in module state.
  const module = pathToFileURL(path.join(root, bundle, 'pagefind.js'));
  module.search = `?server=${encodeURIComponent(served.url)}`;
  const pagefind = (await import(module.href)) as PagefindModule;
  // Results' URLs as the index states them, not joined to the loopback origin.
  await pagefind.options({ basePath: `${served.url}/${bundle}/`, baseUrl: '/' });
  await pagefind.init();
  return {
    requests,
    async search(term, options = {}) {
      const found = await pagefind.search(term, options);
      return Promise.all((found?.results ?? []).map((result) => result.data()));
    },
    filters: () => pagefind.filters(),
    close: () => served.close(),
  };
}
