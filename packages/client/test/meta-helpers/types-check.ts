// Compile-time check: the real client satisfies the narrow interfaces meta-sync codes against.
import type { MetaPullClient, MetaSyncClient, SiteContentClient } from '../../src/index.js';

export type ClientFitsMetaSync = SiteContentClient extends MetaSyncClient ? true : never;
export type ClientFitsMetaPull = SiteContentClient extends MetaPullClient ? true : never;
export const fits: [ClientFitsMetaSync, ClientFitsMetaPull] = [true, true];
