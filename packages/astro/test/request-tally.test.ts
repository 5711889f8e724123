/** The project's request tally: the summary's counts, and the last attempts the dev toolbar lists. */
import type { RequestEvent } from '@sitecontent/client';
import { describe, expect, it } from 'vitest';
import { RECENT_REQUESTS, RequestTally } from '../src/project/request-tally.js';

const attempt = (operation: string, status: number, attempt = 1, durationMs = 12.4): RequestEvent =>
  ({
    operation,
    status,
    attempt,
    durationMs,
    bytes: 10,
    url: `http://127.0.0.1/v1/${operation}?key=***&sid=1`,
    concurrencyLimit: 8,
    maxConcurrency: 16,
  }) as RequestEvent;

describe('RequestTally', () => {
  it('counts by operation and status, retries apart, and lists the last attempts newest first', () => {
    const tally = new RequestTally();
    tally.note(attempt('goods/Get', 503));
    tally.note(attempt('goods/Get', 200, 2));
    tally.note(attempt('dir/Get', 200));
    expect(tally.total).toBe(3);
    expect(tally.retries).toBe(1);
    expect(tally.byOperation()).toEqual({ 'dir/Get': { 200: 1 }, 'goods/Get': { 200: 1, 503: 1 } });
    expect(tally.recent().map(({ operation, status, ms, retry }) => [operation, status, ms, retry])).toEqual([
      ['dir/Get', 200, 12, 0],
      ['goods/Get', 200, 12, 1],
      ['goods/Get', 503, 12, 0],
    ]);
    // No URL: not even a masked key reaches the toolbar.
    expect(JSON.stringify(tally.recent())).not.toContain('key');
  });

  it('keeps only the last RECENT_REQUESTS attempts', () => {
    const tally = new RequestTally();
    for (let i = 0; i < RECENT_REQUESTS + 5; i++) tally.note(attempt(`op/${i}`, 200));
    const recent = tally.recent();
    expect(recent).toHaveLength(RECENT_REQUESTS);
    expect(recent[0]?.operation).toBe(`op/${RECENT_REQUESTS + 4}`);
    expect(recent.at(-1)?.operation).toBe('op/5');
    tally.reset();
    expect(tally.recent()).toEqual([]);
    expect(tally.total).toBe(0);
  });
});
