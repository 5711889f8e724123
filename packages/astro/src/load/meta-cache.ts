/**
 * Meta tags reused across syncs (`seo: { maxAge }`, docs/architecture.md "Incremental sync"). With
 * SEO on, a sync asks `meta/Get` once per page; with a `maxAge` the answer is kept in the
 * collection's meta store (part of Astro's data store) and reused while the record it belongs to is
 * unchanged and the answer younger than `maxAge`. A changed record always asks again. Exact (no
 * reuse) is the default: a meta tag edited in the service shows at the next build.
 *
 * The build-time write-back knows what it wrote; it leaves that in a file in Astro's cache dir
 * (`sitecontent-meta-written.json`), which the next sync folds into the cache, so pages show the
 * written meta without asking again.
 */
import { readFile } from 'node:fs/promises';
import type { Meta, OrderedResults } from '@sitecontent/client';
import type { LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import { setMetaIfChanged } from '../sync/sync-item.js';

/** Key of the cache in a collection's meta store. */
export const META_CACHE_KEY = 'sitecontent:meta-cache';
/** File, in Astro's cache dir, of the meta the last build's write-back wrote. */
export const META_WRITTEN_FILE = 'sitecontent-meta-written.json';

/** One page's cached answer: the digest of its record, when it was asked, the meta (`null`: none). */
interface CachedMeta {
  r: string;
  t: number;
  m: Meta | null;
}

const writtenSchema = z.object({
  at: z.number(),
  pages: z.array(z.object({ md: z.string(), id: z.number(), values: z.record(z.string(), z.string()) })),
});
/** What a write-back wrote: when, and the fields it set per page. */
export type WrittenMeta = z.infer<typeof writtenSchema>;

const pageKey = (md: string, id: number) => `${md}:${id}`;

/** The write-back's record of the last build, if any (a broken file counts as none). */
export async function readWrittenMeta(cacheDir: URL): Promise<WrittenMeta | undefined> {
  try {
    const parsed = writtenSchema.safeParse(
      JSON.parse(await readFile(new URL(META_WRITTEN_FILE, cacheDir), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function readCache(ctx: Pick<LoaderContext, 'meta'>): Map<string, CachedMeta> {
  const text = ctx.meta.get(META_CACHE_KEY);
  if (!text) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(text) as Record<string, CachedMeta>));
  } catch {
    return new Map();
  }
}

export interface MetaCacheSettings {
  /** How long an answer may be reused, in ms; 0 asks every time. */
  maxAge: number;
  /** Ask every page again now (the dev refresh endpoint's `refetchMeta`), keeping the cache for later. */
  refetch: boolean;
  /** The last build's write-back record. */
  written: WrittenMeta | undefined;
  now?: () => number;
}

/** A page whose meta a loader needs: its record (for the digest), module and id. */
export interface MetaRequest {
  record: unknown;
  md: string;
  id: number;
}

/** Answers in the order of the pages asked for, each as soon as it is in. */
export type MetaAnswers = OrderedResults<Meta | undefined>;

/** The meta lookups of one load, and the cache they leave for the next. */
export interface MetaLookup {
  /**
   * Meta of each page, in order, as the answers arrive: from the cache where it may be reused, else
   * from `fetch`, which is given the other pages (in order) and must start asking at once.
   */
  metas(pages: readonly MetaRequest[], fetch: (pages: readonly MetaRequest[]) => MetaAnswers): MetaAnswers;
  /** Stores the cache for the next sync; call only when the load succeeded. */
  commit(): void;
  /** Pages answered from the cache in this load. */
  readonly reused: number;
}

export function metaLookup(
  ctx: Pick<LoaderContext, 'meta' | 'generateDigest'>,
  settings: MetaCacheSettings,
): MetaLookup {
  const now = settings.now ?? Date.now;
  const enabled = settings.maxAge > 0;
  const previous = enabled ? readCache(ctx) : new Map<string, CachedMeta>();
  if (enabled && settings.written) foldWritten(previous, settings.written);
  const next = new Map<string, CachedMeta>();
  let reused = 0;
  return {
    get reused() {
      return reused;
    },
    metas(pages, fetch) {
      if (!enabled) return fetch(pages);
      const at = now();
      const digests = pages.map((page) => ctx.generateDigest(JSON.stringify(page.record)));
      const reusable = pages.map((page, i) => {
        const cached = previous.get(pageKey(page.md, page.id));
        return !settings.refetch &&
          cached !== undefined &&
          cached.r === digests[i] &&
          at - cached.t < settings.maxAge
          ? cached
          : undefined;
      });
      const answers = fetch(pages.filter((_, i) => reusable[i] === undefined));
      async function* inOrder(): AsyncGenerator<Meta | undefined> {
        const asked = answers[Symbol.asyncIterator]();
        try {
          for (let i = 0; i < pages.length; i++) {
            const page = pages[i]!;
            const cached = reusable[i];
            if (cached !== undefined) {
              next.set(pageKey(page.md, page.id), cached);
              reused++;
              yield cached.m ?? undefined;
              continue;
            }
            const answer = await asked.next();
            if (answer.done) throw new Error(`meta/Get: no answer for page ${page.md}:${page.id}`);
            next.set(pageKey(page.md, page.id), { r: digests[i]!, t: at, m: answer.value ?? null });
            yield answer.value;
          }
        } finally {
          // Stopped early: the requests still running are not waited for.
          await asked.return?.();
        }
      }
      return Object.assign(inOrder(), { length: pages.length });
    },
    commit() {
      if (!enabled) {
        if (ctx.meta.has(META_CACHE_KEY)) ctx.meta.delete(META_CACHE_KEY);
        return;
      }
      setMetaIfChanged(ctx.meta, META_CACHE_KEY, JSON.stringify(Object.fromEntries(next)));
    },
  };
}

/** Applies what the write-back wrote to the answers cached before it wrote them. */
function foldWritten(cache: Map<string, CachedMeta>, written: WrittenMeta): void {
  for (const page of written.pages) {
    const key = pageKey(page.md, page.id);
    const cached = cache.get(key);
    if (!cached || cached.t >= written.at) continue;
    const base: Meta = cached.m ?? {
      id: page.id,
      md: page.md,
      ttl: '',
      dsc: '',
      kwd: '',
      og_title: '',
      og_image: '',
    };
    cache.set(key, { r: cached.r, t: written.at, m: { ...base, ...page.values } });
  }
}
