/**
 * Meta tags reused across syncs (`seo: { maxAge }`, docs/architecture.md "Rebuilds"): kept in the
 * collection's meta store, reused while the record is unchanged and the answer younger than
 * `maxAge`. Exact by default. What the write-back wrote (a file in Astro's cache dir) is folded in
 * at the next sync, so pages show it without asking again.
 */
import { readFile } from 'node:fs/promises';
import type { Meta } from '@sitecontent/client';
import type { OrderedResults } from '@sitecontent/client/internal';
import type { LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import { setMetaIfChanged } from '../staging/sync-item.js';

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
/** A page to ask `meta/Get` for. */
export interface MetaPage {
  md: string;
  id: number;
}

/** A page as the lookup is given it, with its record for the digest (only its digest is kept). */
export interface MetaRequest {
  record: unknown;
  md: string;
  id: number;
}

/** Answers in the order of the pages asked for, each as soon as it is in. */
export type MetaAnswers = OrderedResults<Meta | undefined>;

/** The page without its record: pages are held until the last answer, raw records must not be. */
const metaPage = ({ md, id }: MetaRequest): MetaPage => ({ md, id });

/** The meta lookups of one load, and the cache they leave for the next. */
export interface MetaLookup {
  /** Meta of each page, in order: cached where reusable, else from `fetch`, which must start at once. */
  metas(requests: readonly MetaRequest[], fetch: (pages: readonly MetaPage[]) => MetaAnswers): MetaAnswers;
  /**
   * Whether every cached answer may be reused (none too old, no refetch, nothing written to fold in);
   * if so the cache stays as stored: a load that keeps its entries asks no page.
   */
  keepAll(): boolean;
  /** Whether answers are cached (`maxAge` > 0): entries made without a cache cannot be kept on its word. */
  readonly caches: boolean;
  /** Stores the cache for the next sync; call only when the load succeeded. */
  commit(): void;
  /** Pages answered from the cache in this load. */
  readonly reused: number;
}

export function metaLookup(
  ctx: Pick<LoaderContext, 'meta' | 'generateDigest'>,
  settings: MetaCacheSettings,
): MetaLookup {
  return settings.maxAge > 0 ? new MetaCache(ctx, settings) : new NoMetaCache(ctx);
}

/** `maxAge` 0: every page is asked, and a cache an earlier sync left is removed. */
class NoMetaCache implements MetaLookup {
  readonly reused = 0;
  readonly caches = false;
  constructor(private readonly ctx: Pick<LoaderContext, 'meta'>) {}

  metas(requests: readonly MetaRequest[], fetch: (pages: readonly MetaPage[]) => MetaAnswers): MetaAnswers {
    return fetch(requests.map(metaPage));
  }

  keepAll(): boolean {
    return false;
  }

  commit(): void {
    if (this.ctx.meta.has(META_CACHE_KEY)) this.ctx.meta.delete(META_CACHE_KEY);
  }
}

class MetaCache implements MetaLookup {
  reused = 0;
  readonly caches = true;
  readonly #ctx: Pick<LoaderContext, 'meta' | 'generateDigest'>;
  readonly #settings: MetaCacheSettings;
  readonly #previous: Map<string, CachedMeta>;
  readonly #next = new Map<string, CachedMeta>();
  /** Whether the cache to store may differ from the one read: an answer asked, or the write-back folded in. */
  #changed = false;
  /** `keepAll()` found every answer reusable: the stored cache stays. */
  #kept = false;

  constructor(ctx: Pick<LoaderContext, 'meta' | 'generateDigest'>, settings: MetaCacheSettings) {
    this.#ctx = ctx;
    this.#settings = settings;
    this.#previous = readCache(ctx);
    if (settings.written) this.#changed = foldWritten(this.#previous, settings.written) > 0;
  }

  metas(requests: readonly MetaRequest[], fetch: (pages: readonly MetaPage[]) => MetaAnswers): MetaAnswers {
    const at = (this.#settings.now ?? Date.now)();
    const pages = requests.map(metaPage);
    // A record is hashed before the requests start only where a young cached answer may be reused:
    // on a first build none is, and the first `meta/Get` does not wait for every record's hash.
    const digests: (string | undefined)[] = new Array(pages.length);
    const digestAt = (i: number) => {
      digests[i] ??= this.#ctx.generateDigest(JSON.stringify(requests[i]!.record));
      return digests[i];
    };
    const reusable = pages.map((page, i) => this.#reusable(page, () => digestAt(i), at));
    const answers = fetch(pages.filter((_, i) => reusable[i] === undefined));
    const cache = this;
    async function* inOrder(): AsyncGenerator<Meta | undefined> {
      const asked = answers[Symbol.asyncIterator]();
      try {
        for (let i = 0; i < pages.length; i++) {
          const page = pages[i]!;
          const reused = reusable[i];
          if (reused !== undefined) cache.reused++;
          const cached = reused ?? (await cache.#asked(page, asked, digestAt(i), at));
          cache.#next.set(pageKey(page.md, page.id), cached);
          yield cached.m ?? undefined;
        }
      } finally {
        // Stopped early: the requests still running are not waited for.
        await asked.return?.();
      }
    }
    return Object.assign(inOrder(), { length: pages.length });
  }

  keepAll(): boolean {
    if (this.#settings.refetch || this.#changed) return false;
    const at = (this.#settings.now ?? Date.now)();
    for (const cached of this.#previous.values()) if (!(at - cached.t < this.#settings.maxAge)) return false;
    this.#kept = true;
    this.reused = this.#previous.size;
    return true;
  }

  commit(): void {
    if (this.#kept) return;
    // Every page answered from the cache, and no other page left: the stored text is what it was, so
    // the whole cache is not serialized again only to be compared.
    if (!this.#changed && this.#next.size === this.#previous.size) return;
    setMetaIfChanged(this.#ctx.meta, META_CACHE_KEY, JSON.stringify(Object.fromEntries(this.#next)));
  }

  /** The cached answer for `page` when the answer is young enough and its record unchanged. */
  #reusable(page: MetaPage, digest: () => string, at: number): CachedMeta | undefined {
    if (this.#settings.refetch) return undefined;
    const cached = this.#previous.get(pageKey(page.md, page.id));
    return cached !== undefined && at - cached.t < this.#settings.maxAge && cached.r === digest()
      ? cached
      : undefined;
  }

  async #asked(
    page: MetaPage,
    asked: AsyncIterator<Meta | undefined>,
    digest: string,
    at: number,
  ): Promise<CachedMeta> {
    this.#changed = true;
    const answer = await asked.next();
    if (answer.done) throw new Error(`meta/Get: no answer for page ${page.md}:${page.id}`);
    return { r: digest, t: at, m: answer.value ?? null };
  }
}

/** Applies what the write-back wrote to the answers cached before it wrote them; how many it changed. */
function foldWritten(cache: Map<string, CachedMeta>, written: WrittenMeta): number {
  let folded = 0;
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
    folded++;
  }
  return folded;
}
