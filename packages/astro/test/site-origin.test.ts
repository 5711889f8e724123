/** The site's origin, remembered per site so a build's pages do not parse it again each. */
import { describe, expect, it } from 'vitest';
import { siteOrigin } from '../src/project/site-origin.js';
import { pageSeo } from '../src/seo-head/page-seo.js';

describe('siteOrigin', () => {
  it('gives the origin of a URL or of text, with a path, port or trailing slash', () => {
    expect(siteOrigin(new URL('https://shop.example/base/'))).toBe('https://shop.example');
    expect(siteOrigin('https://shop.example:8443/x')).toBe('https://shop.example:8443');
    expect(siteOrigin('https://SHOP.example:443')).toBe('https://shop.example');
  });

  it('follows a URL changed in place: the remembered origin is not trusted blindly', () => {
    const site = new URL('https://a.example/');
    expect(siteOrigin(site)).toBe('https://a.example');
    site.host = 'a.example.other';
    expect(siteOrigin(site)).toBe('https://a.example.other');
    const entry = { id: '1', data: { zag: 'Phone', url: '/p/1' } };
    expect(pageSeo(entry, { site }).canonical).toBe('https://a.example.other/p/1');
  });

  it('refuses text that is no URL, as `new URL` does', () => {
    expect(() => siteOrigin('not a url')).toThrow(TypeError);
  });
});
