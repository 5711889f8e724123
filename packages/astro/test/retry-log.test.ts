/** Retry warnings: a few lines however many retries, each saying how many it stands for. */
import type { RetryEvent } from '@sitecontent/client';
import { describe, expect, it } from 'vitest';
import { RetryLog } from '../src/project/retry-log.js';

const retry = (operation: string, attempt = 1, clientPaused = false): RetryEvent =>
  ({ operation, attempt, delayMs: 1000, reason: 'HTTP 429', clientPaused }) as unknown as RetryEvent;

describe('RetryLog', () => {
  it('prints one line per operation per interval, and the next counts those it did not print', () => {
    const lines: string[] = [];
    let now = 0;
    const log = new RetryLog(
      (m) => lines.push(m),
      2000,
      () => now,
    );
    log.retry(retry('meta/Get', 1, true));
    for (let i = 0; i < 500; i++) log.retry(retry('meta/Get', 2, true));
    log.retry(retry('dir/Get'));
    expect(lines).toEqual([
      'meta/Get: HTTP 429; retry 1 in 1000 ms (all collections wait)',
      'dir/Get: HTTP 429; retry 1 in 1000 ms',
    ]);
    now = 2500;
    log.retry(retry('meta/Get', 3, true));
    expect(lines[2]).toBe(
      'meta/Get: HTTP 429; retry 3 in 1000 ms (all collections wait); 500 more meta/Get retries since the last such line',
    );
    now = 5000;
    log.retry(retry('meta/Get', 1));
    expect(lines[3]).toBe('meta/Get: HTTP 429; retry 1 in 1000 ms');
  });
});
