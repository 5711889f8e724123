// Varnish for the CDN suites: the benchmark's starter (bench/lib/varnish.mjs), typed.
export { freePort, reservePort, startVarnish, VARNISH_VCL } from '../../bench/lib/varnish.mjs';
export type Varnish = Awaited<ReturnType<typeof import('../../bench/lib/varnish.mjs').startVarnish>>;
