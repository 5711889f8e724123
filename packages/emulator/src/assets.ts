import { fileURLToPath } from 'node:url';

/** The demo images shipped with the package, laid out as the demo records' `img.path` (and article images). */
export const demoAssetsDir: string = fileURLToPath(new URL('../assets', import.meta.url));
