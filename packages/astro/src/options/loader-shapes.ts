/**
 * The option fields the collection loaders share, each defined once: its check, its default and
 * its doc comment, which TypeDoc shows on every options type that has the field. The group types
 * below are derived from these shapes, for users who write their own wrappers around a loader.
 */
import { z } from 'zod';
import { connectionShape, functionField, nameField } from './fields.js';

const onErrorSchema = z.enum(['keep-stale', 'fail']);
const onInvalidSchema = z.enum(['fail', 'skip']);

/** What a failed fetch does: keep the previous entries and warn, or fail the sync. */
export type OnError = z.output<typeof onErrorSchema>;
/** What an invalid record does: fail the sync, or warn and leave it out. */
export type OnInvalid = z.output<typeof onInvalidSchema>;

/** The failure policies of every build-time loader, with connection settings: `CommonLoaderOptions`. */
export const commonShape = {
  ...connectionShape,
  /**
   * A failed fetch (network, HTTP error, malformed body): `'keep-stale'` keeps the previous entries and
   * warns; `'fail'` fails the sync. @default `'keep-stale'` when the store holds entries from an earlier
   * sync, otherwise `'fail'` (there is nothing to keep)
   */
  // No default here: it depends on the store (load/load-decision.ts).
  onError: onErrorSchema.optional(),
  /**
   * The service refused the key (401) or the site (403). These are configuration errors, not
   * outages: `'fail'` fails the build even when earlier entries could be kept, so a revoked key
   * cannot ship stale pages with exit code 0; `'keep-stale'` treats them like `onError` does.
   * @default 'fail'
   */
  onAuthError: onErrorSchema.default('fail'),
  /** A record that fails validation: `'fail'` fails the sync naming collection, record id and field; `'skip'` warns and leaves it out. @default 'fail' */
  onInvalid: onInvalidSchema.default('fail'),
};

export const htmlShape = {
  /** Sanitize the service's HTML (`txt`, `stxt`): scripts, event handlers and `javascript:` URLs removed. @default true */
  sanitize: z.boolean().default(true),
};

export const seoShape = {
  /**
   * Attach `data.seo`, the meta tags `meta/Get` gives (one request per entry). `{ maxAge }` (ms) also
   * reuses a page's meta from the last sync while its record is unchanged and the answer younger
   * than `maxAge` (see the README, "Rebuilds"). @default false; `maxAge` defaults to the
   * integration's `metaMaxAge` (0: ask every time)
   */
  seo: z
    .union([z.boolean(), z.strictObject({ maxAge: z.number().int().nonnegative().optional() })], {
      error: 'expected a boolean or { maxAge: milliseconds }',
    })
    .default(false),
};

export const catalogFilterShape = {
  /** Only records of the section with this id (`catid`). */
  catid: z.number().int().nonnegative().optional(),
  /** Only records of the section with this `tx` (`cattx`). */
  cattx: z.string().min(1).optional(),
};

export const sectionsCollectionShape = {
  /**
   * Name of the `sectionsLoader()` collection in `src/content.config.ts`: references to sections
   * (`data.section`, `data.parent`) point there, so `getEntry(entry.data.section)` is typed.
   * @default 'sections'
   */
  sectionsCollection: nameField.default('sections'),
};

/** What the loaders of pages (products, sections, articles) share. */
export const pageShape = { ...commonShape, ...htmlShape, ...seoShape, ...sectionsCollectionShape };

/**
 * Connection settings; each falls back to the integration's setting, then to the environment.
 * @interface
 */
export type ConnectionOptions = z.input<z.ZodObject<typeof connectionShape>>;
/**
 * Connection settings and the failure policies, which every build-time loader takes.
 * @interface
 */
export type CommonLoaderOptions = z.input<z.ZodObject<typeof commonShape>>;
/** The connection settings and failure policies as a loader reads them: checked, defaults in. */
export type CommonLoaderSettings = z.output<z.ZodObject<typeof commonShape>>;
/** @interface */
export type SeoOptions = z.input<z.ZodObject<typeof seoShape>>;
/**
 * The `catid`/`cattx` list filter of `goods/Get` and `article/Get`.
 * @interface
 */
export type CatalogFilterOptions = z.input<z.ZodObject<typeof catalogFilterShape>>;

export type { MetaModule } from '../entries/meta-module.js';

/** A `metaModule` option: a module name, or a function `F` of the record that returns one. */
export function metaModuleField<F extends (...args: never[]) => string>() {
  return z.union([nameField, functionField<F>()]);
}

/** `seo` as the loaders use it: on or off, and the loader's own `maxAge` when it gives one. */
export function seoSettings(seo: SeoOptions['seo']): { enabled: boolean; maxAge: number | undefined } {
  return {
    enabled: seo !== undefined && seo !== false,
    maxAge: typeof seo === 'object' ? seo.maxAge : undefined,
  };
}
