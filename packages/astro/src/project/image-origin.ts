/**
 * The origin of the product photos' absolute URLs (`https://<domain>`), as the client of the last
 * products load in this process built them. Entries store each photo's `path` and file names only;
 * `imageUrls()` makes them absolute on this origin at render time. It lives on `globalThis` for the
 * reason the open projects do: the loaders and the pages can load this module twice.
 */

const SLOT = Symbol.for('@sitecontent/astro/image-origin');

interface ImageOriginSlot {
  origin: string | undefined;
}

function slot(): ImageOriginSlot {
  const g = globalThis as { [SLOT]?: ImageOriginSlot };
  g[SLOT] ??= { origin: undefined };
  return g[SLOT];
}

/** Called by the products loaders once the client knows the origin of the photos it read. */
export function rememberImageOrigin(origin: string): void {
  slot().origin = origin;
}

/** The photos' origin the last products load in this process used; `undefined` before any. */
export const rememberedImageOrigin = (): string | undefined => slot().origin;
