/**
 * The merchant facts a shop states once: shipping and returns on the Organization (or on every
 * offer), and the Organization's logo, address and contact; Google's rules pass on both forms.
 */
import { describe, expect, it } from 'vitest';
import { isSiteContentAstroError, structuredData } from '../src/index.js';
import { json, SHOP_SITE, shopEntries } from './helpers/index.js';
import { richResultErrors } from './helpers/rich-results.js';

const shipping = {
  countries: ['US'],
  rates: [{ rate: 4.95 }, { fromOrderValue: 50, rate: 0 }],
  handlingDays: { min: 0, max: 0 },
  transitDays: { min: 1, max: 3 },
};
const returns = { countries: ['US'], days: 30 };
const organization = {
  name: 'Lumen & Oak',
  logo: '/logo.svg',
  address: {
    streetAddress: '12 Harbour Street',
    addressLocality: 'Portland',
    addressRegion: 'OR',
    postalCode: '97205',
    addressCountry: 'US',
  },
  email: 'help@shop.example',
  telephone: '+1-503-555-0142',
};

const days = (min: number, max: number) => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});
const returnPolicy = {
  '@type': 'MerchantReturnPolicy',
  applicableCountry: ['US'],
  returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
  merchantReturnDays: 30,
  returnFees: 'https://schema.org/FreeReturn',
  returnMethod: 'https://schema.org/ReturnByMail',
};

describe('merchant facts: shipping, returns and the shop', () => {
  const shop = shopEntries();

  it('states shipping and returns once, on the Organization, with its address and contact', async () => {
    const jsonLd = structuredData({ site: SHOP_SITE, currency: 'USD', organization, shipping, returns });
    const org = json(jsonLd.organization());
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: 'Lumen & Oak',
      logo: `${SHOP_SITE}/logo.svg`,
      address: { '@type': 'PostalAddress', ...organization.address },
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', email: 'help@shop.example' },
      hasMerchantReturnPolicy: returnPolicy,
    });
    const conditions = org.hasShippingService.shippingConditions;
    expect(
      conditions.map((c: { orderValue: object; shippingRate: object }) => [c.orderValue, c.shippingRate]),
    ).toEqual([
      [
        { '@type': 'MonetaryAmount', minValue: 0, maxValue: 50, currency: 'USD' },
        { '@type': 'MonetaryAmount', value: 4.95, currency: 'USD' },
      ],
      [
        { '@type': 'MonetaryAmount', minValue: 50, currency: 'USD' },
        { '@type': 'MonetaryAmount', value: 0, currency: 'USD' },
      ],
    ]);
    expect(conditions[0].transitTime).toEqual({ '@type': 'ServicePeriod', duration: days(1, 3) });
    expect(conditions[0].shippingDestination).toEqual([{ '@type': 'DefinedRegion', addressCountry: 'US' }]);
    expect(await richResultErrors([org])).toEqual([]);
    // Stated once: the offers do not repeat them.
    const aurora = shop.product(1);
    expect(JSON.stringify(jsonLd.product(aurora, shop.modsOf(aurora)))).not.toMatch(
      /shippingDetails|ReturnPolicy/,
    );
    expect(jsonLd.website()).toMatchObject({ '@type': 'WebSite', name: 'Lumen & Oak' });
  });

  it('or on every offer, each with the rate its price falls in', async () => {
    const jsonLd = structuredData({
      site: SHOP_SITE,
      currency: 'USD',
      shipping,
      returns,
      policiesOn: 'offers',
    });
    const cable = shop.products.find((p) => p.data.zag.startsWith('Braided USB-C'))!;
    const aurora = shop.product(1);
    const cheap = json(jsonLd.product(cable, shop.modsOf(cable))).offers[0];
    const dear = json(jsonLd.product(aurora, shop.modsOf(aurora))).offers[0];
    expect(cheap.price).toBeLessThan(50);
    expect(cheap.shippingDetails).toEqual({
      '@type': 'OfferShippingDetails',
      shippingDestination: [{ '@type': 'DefinedRegion', addressCountry: 'US' }],
      shippingRate: { '@type': 'MonetaryAmount', value: 4.95, currency: 'USD' },
      deliveryTime: { '@type': 'ShippingDeliveryTime', handlingTime: days(0, 0), transitTime: days(1, 3) },
    });
    expect(dear.shippingDetails.shippingRate.value).toBe(0);
    expect(dear.hasMerchantReturnPolicy).toEqual(returnPolicy);
    expect(await richResultErrors([json(jsonLd.product(aurora, shop.modsOf(aurora)))])).toEqual([]);
    expect(JSON.stringify(jsonLd.organization({ name: 'Lumen & Oak' }))).not.toMatch(/Shipping|ReturnPolicy/);
  });

  it('bad facts fail naming each path; the site builders need the shop’s facts', () => {
    expect(() =>
      structuredData({
        site: SHOP_SITE,
        currency: 'USD',
        shipping: { ...shipping, countries: ['usa'], rates: [{ fromOrderValue: 50, rate: 0 }] },
        returns: { countries: ['US'], days: 0 },
      }),
    ).toThrow(
      /shipping\.countries\.0: expected an ISO 3166-1 alpha-2 code.*shipping\.rates: the first rate must apply from 0.*returns\.days/,
    );
    const bare = structuredData({ site: SHOP_SITE, currency: 'USD' });
    let caught: unknown;
    try {
      bare.organization();
    } catch (error) {
      caught = error;
    }
    expect(isSiteContentAstroError(caught, 'invalid_options')).toBe(true);
    expect(String(caught)).toContain('structuredData.organization() options: organization:');
    expect(() => bare.organization({ name: 'Shop', email: 'not an address' })).toThrow(/email/);
  });
});
