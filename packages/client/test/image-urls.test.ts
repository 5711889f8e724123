/**
 * Product image URLs stay on the site: a `path` or file name that would make a browser load the
 * image from another host makes the product an invalid record, named by id and field.
 */
import { describe, expect, it } from 'vitest';
import { isSiteContentError, type RecordValidationError } from '../src/index.js';
import { absoluteImageProblem, imageFileProblem, imageUrl } from '../src/schemas/image-url.js';
import { catchError, useTestClient } from './helpers/client.js';
import { wireProduct } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

const image = wireProduct.img[0];
/** The demo product with its one image changed, and a second, harmless product (id 13). */
const answer = (img: Record<string, string>) => ({
  json: [
    { ...wireProduct, img: [{ ...image, ...img }] },
    { ...wireProduct, id: '13' },
  ],
});

describe('image URL rule', () => {
  it('joins path and file on the origin; names what would leave the site', () => {
    expect(imageUrl('https://shop.example', '/upload/goods/12/', '/a.jpg')).toBe(
      'https://shop.example/upload/goods/12/a.jpg',
    );
    expect(imageFileProblem('/upload/goods/12/', 'a.jpg')).toBeUndefined();
    expect(imageFileProblem('/\\img.evil.example\\', 'x.svg')).toMatch(
      /off the site: must not contain a backslash/,
    );
    expect(imageFileProblem('/upload', '\\\\img.evil.example\\x.svg')).toMatch(/backslash/);
    expect(imageFileProblem('/upload/\n/', 'x.svg')).toMatch(/control characters/);
    expect(imageFileProblem('/upload', 'a/../../x.svg')).toMatch(/\.\. segments/);
    expect(imageFileProblem('', '')).toBeUndefined();
    // Whole URLs are checked against the site's origin once it is known.
    expect(imageFileProblem('', 'https://img.evil.example/x.svg')).toBeUndefined();
    expect(absoluteImageProblem('https://shop.example/upload/a.jpg', 'https://shop.example')).toBeUndefined();
    expect(absoluteImageProblem('https://img.evil.example/x.svg', 'https://shop.example')).toMatch(
      /another host than the site \(https:\/\/shop\.example\)/,
    );
    expect(absoluteImageProblem('https://shop.example.evil.example/x', 'https://shop.example')).toMatch(
      /another host/,
    );
    expect(absoluteImageProblem('https://shop.example/\\img.evil.example/x', 'https://shop.example')).toMatch(
      /backslash/,
    );
  });
});

describe('products.list with a hostile image', () => {
  const cases: { img: Record<string, string>; field: string }[] = [
    { img: { path: '/\\img.evil.example\\', image: 'x.svg' }, field: 'img.0.path' },
    { img: { image_small: '\\\\img.evil.example/x.svg' }, field: 'img.0.image_small' },
    { img: { image_big: 'https://img.evil.example/x.svg' }, field: 'img.0.image_big' },
  ];
  for (const { img, field } of cases) {
    it(`${JSON.stringify(img)}: the product is invalid at ${field}`, async () => {
      server.script('goods/Get', answer(img));
      const reported: RecordValidationError[] = [];
      const kept = await client.products.list(undefined, { onInvalidRecord: (e) => reported.push(e) });
      expect(kept.map((p) => p.id)).toEqual([13]);
      expect(reported.map((e) => [String(e.recordId), e.path])).toEqual([['12', field]]);
      expect(reported[0]?.message).toMatch(/^goods\/Get: record 12 is invalid: img\.0\./);

      server.script('goods/Get', answer(img));
      const error = await catchError(client.products.list());
      expect(isSiteContentError(error, 'record_validation') && error.path).toBe(field);
    });
  }

  it('a whole image URL on the site is kept as it is', async () => {
    server.script('goods/Get', answer({ image: 'https://shop.example/cdn/a.jpg' }));
    const [product] = await client.products.list();
    expect(product?.img[0]?.urls).toEqual({
      image: 'https://shop.example/cdn/a.jpg',
      small: 'https://shop.example/upload/goods/12/a_s.jpg',
      big: 'https://shop.example/upload/goods/12/a_b.jpg',
    });
  });
});
