/**
 * A load that warned must warn again on the next build, so it leaves no record of its answers and
 * the next load reads every record (docs/architecture.md, "The conditional read"). Every warning of
 * a load goes through its context's logger; noting them there means no code path can forget to.
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
