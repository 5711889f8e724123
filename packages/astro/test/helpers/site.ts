import { rememberedOrigin } from '../../src/build-time/integration/remembered-domain.js';
import { openProject } from '../../src/project/open-projects.js';
import { createLogger } from './logger.js';

let siteCounter = 0;

/**
 * Opens a project for a fresh root, as `siteContent()` does in `astro:config:setup`, so loaders
 * called with `config.root` = `root` share one client.
 */
export function useSite(
  target: { url: string; key: string; sid: number },
  settings: {
    concurrency?: number;
    retries?: number;
    timeoutMs?: number;
    /** The client's body cap (`maxResponseBytes`). */
    maxResponseBytes?: number;
    metaMaxAge?: number;
    cacheDir?: string;
  } = {},
) {
  const root = new URL(`file:///tmp/sitecontent-test-${process.pid}-${++siteCounter}/`);
  const logs = createLogger();
  const project = openProject(
    root,
    {
      connection: { baseUrl: target.url, apiKey: target.key, sid: target.sid },
      // No ceiling: `concurrency` is the most requests in flight, as the tests count them.
      client: {
        concurrency: settings.concurrency ?? 16,
        ...(settings.retries === undefined ? {} : { retries: settings.retries }),
        ...(settings.timeoutMs === undefined ? {} : { timeoutMs: settings.timeoutMs }),
        ...(settings.maxResponseBytes === undefined ? {} : { maxResponseBytes: settings.maxResponseBytes }),
      },
      metaMaxAge: settings.metaMaxAge ?? 0,
      fallbackSiteOrigin: () => (settings.cacheDir ? rememberedOrigin(settings.cacheDir) : undefined),
      env: {},
    },
    logs.logger,
  );
  return { root, logs, release: () => project.close() };
}
