/** Wire records shaped like the service's: quoted numbers, the unquoted product `catid`, `dt` as quoted Unix seconds. */
export const wireProduct = {
  id: '12',
  catid: 3,
  cattx: 'phones',
  dt: '1700000000',
  zag: 'Phone X',
  stxt: 'Short',
  txt: '<p>Long</p>',
  vendor: 'Acme',
  shw: '1',
  sku: [{ id: '101', price: '199.90', color: '#FFAA00' }],
  img: [{ id: '5', path: '/upload/goods/12/', image: 'a.jpg', image_small: 'a_s.jpg', image_big: 'a_b.jpg' }],
};

export const wireModification = {
  id: '101',
  goods_id: '12',
  price: '199.90',
  price_old: '249',
  articul: 'PX-1',
  stxt: 'Black',
  shw: '1',
  sf: '0',
  sku: 'PX-1',
  color: '#000000',
};

export const wireSection = {
  id: '3',
  tx: 'phones',
  par: 'catalog',
  zag: 'Phones',
  txt: '<p>All phones</p>',
  url: '/catalog/phones',
  rlv: '10',
  shw: '1',
  tp: 'catalog',
};

export const wireArticle = {
  id: '40',
  catid: '8',
  zag: 'News',
  stxt: 'Teaser',
  txt: '<p>Body</p>',
  url: '/blog/40',
  shw: '1',
  dt: '1700000000',
};

export const wireMeta = {
  id: '12',
  md: 'goods',
  ttl: 'Buy Phone X',
  dsc: 'Desc',
  kwd: 'phone',
  og_title: 'OG',
  og_image: '/upload/og.jpg',
};

export const wireDomain = {
  domain: 'shop.example',
  active: '1',
  ns: ['ns1.host.test', 'ns2.host.test'],
  paidtill: '31.12.2030',
};

export const ok = { json: [{ message: 'Ok' }] };
export const created = (id: number | string) => ({ json: [{ message: 'Ok', id: String(id) }] });

/** A scripted failure: HTTP status `s` (and `headers`, e.g. Retry-After) in the service's error shape. */
export const status = (s: number, headers: Record<string, string> = {}) => ({
  status: s,
  headers,
  json: [{ message: `status ${s}`, error: 'test' }],
});

/** The text of an answer holding `wireProduct` with the fields in `over` changed (`undefined` drops one). */
export const productBody = (over: Record<string, unknown> = {}) =>
  JSON.stringify([{ ...wireProduct, ...over }]);
/** The text of an answer holding `wireModification` with the fields in `over` changed. */
export const modificationBody = (over: Record<string, unknown>) =>
  JSON.stringify([{ ...wireModification, ...over }]);
/** What a proxy in front of the service answers when the service is down. */
export const html502 =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>';
