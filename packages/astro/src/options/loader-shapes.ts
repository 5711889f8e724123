/** The option fields the collection loaders share, each defined once; the group types derive from them. */
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
   * A failed fetch: `'keep-stale'` keeps the previous entries and warns; `'fail'` fails the sync.
   * @default `'keep-stale'` when the store holds earlier entries, otherwise `'fail'`
   */
  // No default here: it depends on the store (build-time/load-run/load-decision.ts).
  onError: onErrorSchema.optional(),
  /**
   * The service refused the key (401) or the site (403): `'fail'` fails the build even when entries
   * could be kept, so a revoked key cannot ship stale pages; `'keep-stale'` acts as `onError`. @default 'fail'
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
   * Attach `data.seo` from `meta/Get` (one request per entry); `{ maxAge }` (ms) reuses a page's meta
   * while its record is unchanged and the answer younger. @default false; `maxAge`: the integration's `metaMaxAge`
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
  /** Name of the `sectionsLoader()` collection, where section references point. @default 'sections' */
  sectionsCollection: nameField.default('sections'),
};

/** What the loaders of pages (products, sections, articles) share. */
export const pageShape = { ...commonShape, ...htmlShape, ...seoShape, ...sectionsCollectionShape };

/** Connection settings; each falls back to the integration's, then to the environment. @interface */
export type ConnectionOptions = z.input<z.ZodObject<typeof connectionShape>>;
/** Connection settings and the failure policies every build-time loader takes. @interface */
export type CommonLoaderOptions = z.input<z.ZodObject<typeof commonShape>>;
/** The connection settings and failure policies as a loader reads them: checked, defaults in. */
export type CommonLoaderSettings = z.output<z.ZodObject<typeof commonShape>>;
/** @interface */
export type SeoOptions = z.input<z.ZodObject<typeof seoShape>>;
/** The `catid`/`cattx` list filter of `goods/Get` and `article/Get`. @interface */
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
