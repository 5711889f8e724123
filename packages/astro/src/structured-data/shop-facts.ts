/** The shop's own facts, which the interface does not hold: its name, logo, address and contacts. */
import { z } from 'zod';

const text = z.string().trim().min(1, 'must not be empty');

/** What the interface does not hold about the shop itself. */
export const siteFactsSchema = z.strictObject({
  /** The shop's name, as people search for it. */
  name: text,
  /** The logo: a path on the site or an absolute URL. */
  logo: text.optional(),
  /** Profiles of the shop elsewhere (absolute URLs). */
  sameAs: z.array(z.url()).readonly().optional(),
  /** Where the shop is, for shoppers and for a search engine's knowledge panel. */
  address: z
    .strictObject({
      streetAddress: text,
      addressLocality: text,
      addressRegion: text.optional(),
      postalCode: text,
      /** ISO 3166-1 alpha-2, e.g. `'US'`. */
      addressCountry: z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code such as US'),
    })
    .optional(),
  /** Customer service e-mail address. */
  email: z.email().optional(),
  /** Customer service telephone number, international form (`+1-503-555-0142`). */
  telephone: text.optional(),
});

/** What the interface does not hold about the shop itself. @interface */
export type SiteFacts = z.input<typeof siteFactsSchema>;
