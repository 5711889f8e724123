// The shop's own facts, which the content service does not hold: who it is, where it delivers and
// how returns work. Stated once: the pages' text and the JSON-LD (lib/structured-data.ts) read them.
import type { ReturnsFacts, ShippingFacts, SiteFacts } from '@sitecontent/astro';
import { formatPrice, STORE } from './shop';

export const ORGANIZATION = {
  name: STORE.name,
  logo: '/logo.svg',
  address: {
    streetAddress: '12 Harbour Street',
    addressLocality: 'Portland',
    addressRegion: 'OR',
    postalCode: '97205',
    addressCountry: 'US',
  },
  email: 'help@lumen-oak.example',
  telephone: '+1-503-555-0142',
} as const satisfies SiteFacts;

export const SHIPPING = {
  countries: ['US'],
  rates: [{ rate: 4.95 }, { fromOrderValue: 50, rate: 0 }],
  handlingDays: { min: 0, max: 0 },
  transitDays: { min: 1, max: 3 },
} as const satisfies ShippingFacts;

export const RETURNS = {
  countries: ['US'],
  days: 30,
  fees: 'FreeReturn',
  method: 'ReturnByMail',
} as const satisfies ReturnsFacts;

/** The order value from which delivery is free, if any. */
const freeFrom = SHIPPING.rates.find((r) => r.rate === 0 && 'fromOrderValue' in r);

/** `Free delivery from $50` (or the first rate's price), as the header, footer and product pages say. */
export const deliveryOffer = freeFrom
  ? `Free delivery from ${formatPrice(freeFrom.fromOrderValue)}`
  : `Delivery ${formatPrice(SHIPPING.rates[0].rate)}`;

const days = SHIPPING.handlingDays.min + SHIPPING.transitDays.min;
const maxDays = SHIPPING.handlingDays.max + SHIPPING.transitDays.max;

/** The full delivery promise: rate below the free threshold and business days to arrive. */
export const deliveryTerms = `${deliveryOffer} (${formatPrice(SHIPPING.rates[0].rate)} below), in ${days}–${maxDays} business days`;

/** `30-day free returns by mail`. */
export const returnTerms = `${RETURNS.days}-day ${RETURNS.fees === 'FreeReturn' ? 'free ' : ''}returns by mail`;

/** The address on one line, as the footer shows it. */
export const addressLine = [
  ORGANIZATION.address.streetAddress,
  ORGANIZATION.address.addressLocality,
  `${ORGANIZATION.address.addressRegion} ${ORGANIZATION.address.postalCode}`,
].join(', ');
