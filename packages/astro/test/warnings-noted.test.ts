// A load's warnings are noted where they are written, so a warning no code path remembered to report
// still makes the next load read every record and warn again (conditional-read.test.ts has the loads).
import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it } from 'vitest';
import { noticingWarnings } from '../src/build-time/load-run/warnings-noted.js';
import { createLogger } from './helpers/index.js';

describe('noticingWarnings', () => {
  it('notes each warning and error, not info or debug, and writes every line as before', () => {
    const logs = createLogger();
    const ctx = { collection: 'products', logger: logs.logger } as unknown as LoaderContext;
    let noted = 0;
    const noticing = noticingWarnings(ctx, () => noted++);
    noticing.logger.info('loading');
    noticing.logger.debug('detail');
    expect(noted).toBe(0);
    noticing.logger.warn('a record was skipped');
    noticing.logger.error('a callback failed');
    expect(noted).toBe(2);
    expect(logs.text()).toBe(
      'info: loading\ndebug: detail\nwarn: a record was skipped\nerror: a callback failed',
    );
    // The rest of the context is the same.
    expect(noticing.collection).toBe('products');
    expect(noticing.logger.label).toBe('test');
  });
});
