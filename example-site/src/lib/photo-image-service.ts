// Astro's sharp image service, naming a remote photo's variants by its URL without the port.
// astro:assets names each variant `<file>_<hash>` with a hash of the transform, `src` included: the
// URL the build reads the photo from. Demo builds read the photos from the runner's server on
// 127.0.0.1, on a free port that changes every run (scripts/photo-server.mjs), so with `src` hashed
// every variant's name, and every page linking one, changed from build to build. Hashing the URL
// without its port keeps two builds of the same catalog byte for byte the same; the build still
// reads each photo from the URL it is given. astro.config.mjs uses this service for demo builds.
import type { ImageTransform, LocalImageService } from 'astro';
import { baseService } from 'astro/assets';
import sharp from 'astro/assets/services/sharp';

/** The transform property hashed in place of `src`. */
const KEY = 'srcWithoutPort';
/** What Astro hashes by default (its image service reference), should its base service name none. */
const HASHED = ['src', 'width', 'height', 'format', 'quality', 'fit', 'position', 'background'];

/** `src` as hashed: a remote URL without its port; an imported image as it is. */
function keyOf(src: ImageTransform['src']): unknown {
  if (typeof src !== 'string' || !URL.canParse(src)) return src;
  const url = new URL(src);
  url.port = '';
  return url.href;
}

const service: LocalImageService = {
  ...sharp,
  // Astro's defaults (the sharp service names none of its own), `src` replaced by the key.
  propertiesToHash: (baseService.propertiesToHash ?? HASHED).map((prop) => (prop === 'src' ? KEY : prop)),
  async validateOptions(options, imageConfig, logger) {
    const valid = (await sharp.validateOptions?.(options, imageConfig, logger)) ?? options;
    // The `srcset` variants are copies of this transform (getSrcSet), the key with them.
    return { ...valid, [KEY]: keyOf(valid.src) };
  },
  async getHTMLAttributes(options, imageConfig, logger) {
    const { [KEY]: _key, ...attributes } =
      (await sharp.getHTMLAttributes?.(options, imageConfig, logger)) ?? {};
    return attributes;
  },
};

export default service;
