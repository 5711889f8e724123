/**
 * The shop's shipping and returns (not in the interface): their option schemas and the schema.org
 * nodes Google's merchant listings read, on the `Organization` or on every offer (`policiesOn`).
 */
import type {
  DefinedRegion,
  MerchantReturnPolicy,
  MonetaryAmount,
  OfferShippingDetails,
  QuantitativeValue,
  ShippingService,
} from 'schema-dts';
import { z } from 'zod';

const SCHEMA = 'https://schema.org/';

const countriesField = z
  .array(z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code such as US'))
  .min(1)
  .readonly();

/** A range of business days, both ends included. */
const daysField = z
  .strictObject({ min: z.int().min(0), max: z.int().min(0) })
  .refine((days) => days.min <= days.max, 'min must not be above max');

const rateSchema = z.strictObject({
  /** The order value from which this rate applies (inclusive), in the shop's currency. @default 0 */
  fromOrderValue: z.number().min(0).default(0),
  /** What delivery costs, in the shop's currency; 0 for free delivery. */
  rate: z.number().min(0),
});

/** Where, for how much and how fast the shop delivers. */
export const shippingSchema = z.strictObject({
  /** Countries the shop delivers to, ISO 3166-1 alpha-2 (`'US'`). */
  countries: countriesField,
  /**
   * Delivery rates by order value, the first from 0, each up to the next one's `fromOrderValue`:
   * `[{ rate: 4.95 }, { fromOrderValue: 50, rate: 0 }]` is free delivery from 50.
   */
  rates: z
    .array(rateSchema)
    .min(1)
    .refine((rates) => rates[0]?.fromOrderValue === 0, 'the first rate must apply from 0')
    .refine(
      (rates) => rates.every((r, i) => i === 0 || r.fromOrderValue > rates[i - 1]!.fromOrderValue),
      'fromOrderValue must rise from one rate to the next',
    ),
  /** Business days from the order until the parcel leaves. */
  handlingDays: daysField,
  /** Business days the parcel travels. */
  transitDays: daysField,
});
/** Where, for how much and how fast the shop delivers (the `shipping` option). @interface */
export type ShippingFacts = z.input<typeof shippingSchema>;
type Shipping = z.output<typeof shippingSchema>;

/** schema.org return fees Google reads. */
export const RETURN_FEES = ['FreeReturn', 'ReturnFeesCustomerResponsibility'] as const;
/** schema.org return methods Google reads. */
export const RETURN_METHODS = ['ReturnByMail', 'ReturnInStore', 'ReturnAtKiosk'] as const;

/** How long and how a shopper can return an item. */
export const returnsSchema = z.strictObject({
  /** Countries the policy applies to, ISO 3166-1 alpha-2. */
  countries: countriesField,
  /** Days after delivery within which an item can be returned. */
  days: z.int().positive(),
  /** Who pays to send an item back. @default 'FreeReturn' */
  fees: z.enum(RETURN_FEES).default('FreeReturn'),
  /** How an item goes back. @default 'ReturnByMail' */
  method: z.enum(RETURN_METHODS).default('ReturnByMail'),
});
/** How long and how a shopper can return an item (the `returns` option). @interface */
export type ReturnsFacts = z.input<typeof returnsSchema>;
type Returns = z.output<typeof returnsSchema>;

const regions = (countries: readonly string[]): DefinedRegion[] =>
  countries.map((country) => ({ '@type': 'DefinedRegion', addressCountry: country }));

const money = (value: number, currency: string): MonetaryAmount => ({
  '@type': 'MonetaryAmount',
  value,
  currency,
});

const days = (range: { min: number; max: number }): QuantitativeValue => ({
  '@type': 'QuantitativeValue',
  minValue: range.min,
  maxValue: range.max,
  unitCode: 'DAY',
});

/** The return policy, as the `Organization` or an offer states it. */
export function returnPolicy(returns: Returns): MerchantReturnPolicy {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: [...returns.countries],
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: returns.days,
    returnFees: `${SCHEMA}${returns.fees}` as MerchantReturnPolicy['returnFees'],
    returnMethod: `${SCHEMA}${returns.method}` as MerchantReturnPolicy['returnMethod'],
  };
}

/** The shop's shipping as the `Organization` states it: one condition per rate, by order value. */
export function shippingService(shipping: Shipping, currency: string): ShippingService {
  return {
    '@type': 'ShippingService',
    handlingTime: { '@type': 'ServicePeriod', duration: days(shipping.handlingDays) },
    shippingConditions: shipping.rates.map((rate, i) => {
      const next = shipping.rates[i + 1];
      return {
        '@type': 'ShippingConditions',
        shippingDestination: regions(shipping.countries),
        orderValue: {
          '@type': 'MonetaryAmount',
          minValue: rate.fromOrderValue,
          ...(next ? { maxValue: next.fromOrderValue } : {}),
          currency,
        },
        shippingRate: money(rate.rate, currency),
        transitTime: { '@type': 'ServicePeriod', duration: days(shipping.transitDays) },
      };
    }),
  };
}

/** The shipping of one offer: the rate its price falls in, as an order of that one item. */
export function offerShippingDetails(
  shipping: Shipping,
  price: number,
  currency: string,
): OfferShippingDetails {
  const rate = shipping.rates.findLast((r) => r.fromOrderValue <= price) ?? shipping.rates[0]!;
  return {
    '@type': 'OfferShippingDetails',
    shippingDestination: regions(shipping.countries),
    shippingRate: money(rate.rate, currency),
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(shipping.handlingDays),
      transitTime: days(shipping.transitDays),
    },
  };
}
