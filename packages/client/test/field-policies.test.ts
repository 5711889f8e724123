/**
 * Field policies of the record schemas: page `url`s are root-relative paths, domains plain host
 * names. A record that breaks them is a RecordValidationError naming the record and the field, so
 * `onInvalidRecord` (and the Astro loaders' `onInvalid`) applies; the site origin is only ever built
 * from a valid host.
 */
import { describe, expect, it } from 'vitest';
import { RecordValidationError } from '../src/index.js';
import { hostNameField, hostNameProblem, isHostName } from '../src/schemas/host-name.js';
import {
  isPlainPath,
  isRootRelativePath,
  rootRelativePathField,
  rootRelativePathProblem,
} from '../src/schemas/root-relative-path.js';
import { assertNoKey, catchError, renderings, testClient, useTestClient } from './helpers/client.js';
import { wireArticle, wireDomain, wireSection } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const BAD_PATHS = [
  '//evil.example/x',
  'https://evil.example/y',
  '/../../../../tmp/x',
  '/%2e%2e/x',
  '/%2E%2e/x',
  '/..\\..\\x',
  '/a/%2f/b',
  '/a/%2F/b',
  '/a/%5c/b',
  '/a/./b',
  '/a/..',
  '/a/.',
  'javascript:alert(1)',
  'catalog/phones',
  '',
  '/a b',
  '/a\tb',
  '/a\nb',
  '/a\u0000b',
  '/a\u00a0b',
  '/a%00b',
  '/a?x=1',
  '/a#top',
  '/caf%E',
  '\\\\evil.example\\x',
  // Plain segments but for one part: the quick test of plain paths must not let these through.
  '/img/goods/../x.jpg',
  '/img/goods/./x.jpg',
  '/img/goods/x.jpg?v=2',
  '/img/goods/x%2ejpg',
  '/img/goods/x jpg',
];
const GOOD_PATHS = [
  '/',
  '/img/goods/synthetic/item-1_big.jpg',
  '/a/b./',
  '/~user/x',
  '/catalog/phones',
  '/blog/7',
  '/caf%C3%A9',
  '/каталог/телефоны',
  '/博客/7',
  '/catalog/phones/',
  '/a/...',
  '/a/.hidden',
  '/v1.2/x',
];

const BAD_HOSTS = [
  'https://javascript:alert(1)',
  'user:pw@evil.example',
  'evil.example"><script>',
  'https://shop.example',
  'shop.example:8080',
  'shop.example/path',
  'shop example',
  "shop.example'",
  '',
  '.shop.example',
  'shop..example',
  'shop.example.',
  '-shop.example',
  'shop-.example',
  'sh_op.example',
  '[::1]',
  `${'a'.repeat(64)}.example`,
  'xn--.example',
  '0x7f.1',
  '1.2.3.4',
  '１２７.０.０.１',
  '2130706433',
  'shop.example\u200b',
];
const GOOD_HOSTS = [
  'shop.example',
  'Shop.Example',
  '7.sites.test',
  'localhost',
  'пример.рф',
  'xn--e1afmkfd.xn--p1ai',
  'münchen.de',
  'a-b.c-d.example',
  `${'a'.repeat(63)}.example`,
];

describe('isRootRelativePath / rootRelativePathField', () => {
  it.each(BAD_PATHS)('refuses %j', (value) => {
    expect(isPlainPath(value)).toBe(false);
    expect(isRootRelativePath(value)).toBe(false);
    expect(rootRelativePathProblem(value)).toEqual(expect.any(String));
    expect(rootRelativePathField.safeParse(value).success).toBe(false);
  });

  it.each(GOOD_PATHS)('accepts %j', (value) => {
    expect(isRootRelativePath(value)).toBe(true);
    expect(rootRelativePathProblem(value)).toBeUndefined();
    expect(rootRelativePathField.parse(value)).toBe(value);
  });

  it('takes plain segments as plain, and leaves the others to the full checks', () => {
    const plain = ['/', '/img/goods/synthetic/item-1_big.jpg', '/a/b./', '/~user/x', '/v1.2/x', '/catalog/'];
    expect(plain.filter(isPlainPath)).toEqual(plain);
    const other = ['/a/...', '/a/.hidden', '/caf%C3%A9', '/каталог/телефоны', '/a//b'];
    expect(other.filter(isPlainPath)).toEqual([]);
  });

  it('refuses what is not a string', () => {
    expect(isRootRelativePath(undefined)).toBe(false);
    expect(isRootRelativePath(7)).toBe(false);
    expect(rootRelativePathField.safeParse(null).success).toBe(false);
  });
});

describe('isHostName / hostNameField', () => {
  it.each(BAD_HOSTS)('refuses %j', (value) => {
    expect(isHostName(value)).toBe(false);
    expect(hostNameProblem(value)).toEqual(expect.any(String));
    expect(hostNameField.safeParse(value).success).toBe(false);
  });

  it.each(GOOD_HOSTS)('accepts %j', (value) => {
    expect(isHostName(value)).toBe(true);
    expect(hostNameField.parse(value)).toBe(value);
  });
});

const server = useScriptServer();
const client = useTestClient(server);

describe('records from the service', () => {
  it.each(['//evil.example/x', '/%2E%2e/x', 'javascript:alert(1)'])(
    'a section with url %j is a RecordValidationError on url',
    async (url) => {
      server.script('dir/Get', { json: [{ ...wireSection, url }] });
      const err = await catchError(client.sections.list());
      expect(err).toBeInstanceOf(RecordValidationError);
      expect(err).toMatchObject({ operation: 'dir/Get', recordId: wireSection.id, path: 'url' });
      expect((err as Error).message).toMatch(/url: not a root-relative path/);
      for (const text of renderings(err)) assertNoKey(text);
    },
  );

  it('onInvalidRecord skips the article with a bad url and keeps the rest', async () => {
    server.script('article/Get', {
      json: [wireArticle, { ...wireArticle, id: '8', url: '/blog/../../etc/passwd' }],
    });
    const bad: RecordValidationError[] = [];
    const articles = await client.articles.list({}, { onInvalidRecord: (e) => bad.push(e) });
    expect(articles.map((a) => a.id)).toEqual([Number(wireArticle.id)]);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ operation: 'article/Get', recordId: '8', path: 'url' });
  });

  it('a section without url is invalid (an empty url is no path)', async () => {
    const { url: _url, ...noUrl } = wireSection;
    server.script('dir/Get', { json: [noUrl] });
    expect(await catchError(client.sections.list())).toMatchObject({ path: 'url' });
  });

  it.each(['https://javascript:alert(1)', 'user:pw@evil.example', 'evil.example"><script>'])(
    'site/DomainDefault answering %j is a RecordValidationError on domain; no origin is built',
    async (domain) => {
      server.script('site/DomainDefault', { json: [{ domain }] });
      const err = await catchError(client.site.defaultDomain());
      expect(err).toBeInstanceOf(RecordValidationError);
      expect(err).toMatchObject({ operation: 'site/DomainDefault', path: 'domain' });
      expect((err as Error).message).toContain('domain: not a plain host name');

      const fresh = testClient(server, { siteOrigin: undefined });
      try {
        expect(await catchError(fresh.site.origin())).toMatchObject({
          name: 'RecordValidationError',
          operation: 'site/DomainDefault',
        });
      } finally {
        await fresh.close();
      }
    },
  );

  it('site/DomainAll refuses a record with a bad domain', async () => {
    server.script('site/DomainAll', { json: [wireDomain, { ...wireDomain, domain: 'evil.example/x' }] });
    const bad: RecordValidationError[] = [];
    const domains = await client.site.domains({ onInvalidRecord: (e) => bad.push(e) });
    expect(domains.map((d) => d.domain)).toEqual([wireDomain.domain]);
    expect(bad[0]).toMatchObject({ operation: 'site/DomainAll', path: 'domain' });
  });

  it('an internationalized domain gives a punycode origin', async () => {
    server.script('site/DomainDefault', { json: [{ domain: 'пример.рф' }] });
    const fresh = testClient(server, { siteOrigin: undefined });
    try {
      expect(await fresh.site.defaultDomain()).toBe('пример.рф');
      expect(await fresh.site.origin()).toBe('https://xn--e1afmkfd.xn--p1ai');
    } finally {
      await fresh.close();
    }
  });
});
