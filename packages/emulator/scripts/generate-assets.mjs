// Regenerates the demo images under assets/ from the demo seed (run after a build):
//   node scripts/generate-assets.mjs
// One small SVG per file name: `<path>/photo-N.svg` (640x480), `-small` (160x120), `-big` (1280x960),
// plus the article images `/img/blog/<slug>.svg` and `/img/news/<slug>.svg` (640x360).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ARTICLES, DEMO_PRODUCTS, demoAssetsDir, demoProductImages } from '../dist/index.js';

const escapeXml = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function svg(width, height, colour, title, subtitle) {
  const size = Math.round(width / 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="#eef0f2"/>
<rect x="${width * 0.3}" y="${height * 0.15}" width="${width * 0.4}" height="${height * 0.5}" rx="${size}" fill="${colour}"/>
<text x="50%" y="${height * 0.78}" font-family="sans-serif" font-size="${size}" text-anchor="middle" fill="#222">${escapeXml(title)}</text>
<text x="50%" y="${height * 0.9}" font-family="sans-serif" font-size="${Math.round(size * 0.6)}" text-anchor="middle" fill="#666">${escapeXml(subtitle)}</text>
</svg>
`;
}

rmSync(join(demoAssetsDir, 'img'), { recursive: true, force: true });
let files = 0;
const write = (relPath, text) => {
  const file = join(demoAssetsDir, relPath);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  files++;
};
for (const product of DEMO_PRODUCTS) {
  demoProductImages(product).forEach((image, i) => {
    const colour = product.mods[i % product.mods.length]?.[2] ?? '#888888';
    const label = `${product.zag}`;
    write(`${image.path}${image.image}`, svg(640, 480, colour, label, `${product.vendor} · photo ${i + 1}`));
    write(`${image.path}${image.image_small}`, svg(160, 120, colour, label, ''));
    write(
      `${image.path}${image.image_big}`,
      svg(1280, 960, colour, label, `${product.vendor} · photo ${i + 1}`),
    );
  });
}
for (const article of DEMO_ARTICLES) {
  write(
    `/img/${article.section}/${article.slug}.svg`,
    svg(640, 360, '#9aa5b1', article.zag, article.section),
  );
}
console.log(`Wrote ${files} files under ${demoAssetsDir}`);
