/** Options of `siteContent()`: the type, its defaults and its schema. */
import type { ParamEncoding } from '@sitecontent/client';
import { z } from 'zod';
import { apiKeyField, concurrencyField, httpUrlField, paramEncodingField, sidField } from './fields.js';
import { type MetaWriteBackOption, metaWriteBackOptionSchema } from './meta-write-back-options.js';

/**
 * Default concurrency of the loaders' shared client, with or without the integration (and of the
 * live loaders): 32, twice the client's own default (16). A build is a bulk read of one request per
 * page (`meta/Get`), where latency, not the service, is the limit: at 16 in flight the time is
 * bounded below by requests × latency ÷ 16. The service stays protected: the client halves its
 * limit on 429/503 (adaptive concurrency) and all collections share one bound and one back-off gate.
 */
export const DEFAULT_CONCURRENCY = 32;

/** Dev-only endpoint that refreshes named loaders (see integration/refresh-endpoint.ts). */
export const DEFAULT_REFRESH_PATH = '/_sitecontent/refresh';

export interface SiteContentOptions {
  /** Service root. @default `SITECONTENT_BASE_URL` */
  baseUrl?: string;
  /** Site number. @default `SITECONTENT_SID` */
  sid?: number;
  /** API key. Prefer the `SITECONTENT_API_KEY` environment variable (`.env`) over code. @default `SITECONTENT_API_KEY` */
  apiKey?: string;
  /**
   * Requests in flight at once across every collection (one shared bound; the client lowers it
   * adaptively on 429/503). @default 32 (the client's own default is 16; see the README)
   */
  concurrency?: number;
  /** Per-request timeout in ms. @default the client's (30000) */
  timeoutMs?: number;
  /** Retries of a failed idempotent request. @default the client's (4) */
  retries?: number;
  /** How `param` is encoded in POST bodies. @default 'form-brackets' */
  paramEncoding?: ParamEncoding;
  /** Set Astro's `site` to `https://` + `site/DomainDefault` when the config has none. @default true */
  setSite?: boolean;
  /** Add the site's domain to `image.remotePatterns` so `<Image>` can optimise product photos. @default true */
  remoteImages?: boolean;
  /** Dev refresh endpoint path, or `false` to disable it. Needs `SITECONTENT_REFRESH_TOKEN`. @default '/_sitecontent/refresh' */
  refreshEndpoint?: string | false;
  /**
   * Build-time meta write-back: at the end of `astro build`, compute the desired meta of the pages
   * from the loaded entries, log the plan and write it when `SITECONTENT_WRITE=1`. @default off
   */
  metaWriteBack?: MetaWriteBackOption;
}

export const siteContentDefaults = {
  concurrency: DEFAULT_CONCURRENCY,
  setSite: true,
  remoteImages: true,
  refreshEndpoint: DEFAULT_REFRESH_PATH,
} satisfies SiteContentOptions;

export const siteContentOptionsSchema = z.strictObject({
  baseUrl: httpUrlField.optional(),
  sid: sidField.optional(),
  apiKey: apiKeyField.optional(),
  concurrency: concurrencyField.optional(),
  timeoutMs: z.number().int().positive().optional(),
  retries: z.number().int().min(0).max(10).optional(),
  paramEncoding: paramEncodingField.optional(),
  setSite: z.boolean().optional(),
  remoteImages: z.boolean().optional(),
  refreshEndpoint: z.union([z.literal(false), z.string().startsWith('/', 'must start with /')]).optional(),
  metaWriteBack: metaWriteBackOptionSchema.optional(),
});
