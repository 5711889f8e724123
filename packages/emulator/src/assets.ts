import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the demo images shipped with the package. The layout mirrors the demo records'
 * `img.path`: `<demoAssetsDir>/<path>/<file>` exists for every demo image (and `/img/blog/…`,
 * `/img/news/…` for the images in article texts).
 */
export const demoAssetsDir: string = fileURLToPath(new URL('../assets', import.meta.url));
