/** The `dev` option of `siteContent()`: what `astro dev` does besides serving pages. */
import { z } from 'zod';

/** How often `astro dev` reads the catalog's changes when the options do not say, in ms. */
export const DEFAULT_FOLLOW_CATALOG_MS = 10_000;

export const devServerOptionsSchema = z.strictObject({
  /**
   * How often (ms) `astro dev` reads the catalog's changes with the change detector and refreshes
   * the collections whose records changed; `false`: never (a restart, the refresh endpoint or the
   * toolbar's button then refreshes). Never in `astro build`. @default 10000
   */
  followCatalog: z
    .union([z.literal(false), z.number().int().min(1000, 'at least 1000 (ms), or false')])
    .default(DEFAULT_FOLLOW_CATALOG_MS),
  /**
   * The dev toolbar app: the requests this dev server sent to the service, each collection's last
   * sync, the changes seen and pending, and a button that refreshes now. @default true
   */
  toolbar: z.boolean().default(true),
});

/** `siteContent({ dev })`, checked and with its defaults. */
export type DevServerSettings = z.output<typeof devServerOptionsSchema>;
