/**
 * A load that warned leaves no record of its answers, so the next one reads every record and warns
 * again; noting warnings in the context's logger means no code path can forget to.
 */
import type { LoaderContext } from 'astro/loaders';

/** `ctx` whose logger calls `noted()` on each warning or error it writes. */
export function noticingWarnings(ctx: LoaderContext, noted: () => void): LoaderContext {
  const logger = ctx.logger;
  const noticing = Object.create(logger, {
    warn: {
      value: (message: string) => {
        noted();
        logger.warn(message);
      },
    },
    error: {
      value: (message: string) => {
        noted();
        logger.error(message);
      },
    },
  }) as LoaderContext['logger'];
  return { ...ctx, logger: noticing };
}
