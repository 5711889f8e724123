import { describe, expect, it } from 'vitest';
import { Progress } from '../src/build-time/load-run/fan-out-progress.js';
import { createLogger } from './helpers/index.js';

describe('Progress', () => {
  it('logs done/total at most every interval', () => {
    const { logger, lines } = createLogger();
    let now = 0;
    const p = new Progress(logger, 'meta', 100, 2000, () => now);
    for (let i = 0; i < 100; i++) {
      now += 100; // 10 s in total
      p.tick();
    }
    expect(lines.map((l) => l.message)).toEqual([
      'meta: 20/100',
      'meta: 40/100',
      'meta: 60/100',
      'meta: 80/100',
    ]);
  });
});
