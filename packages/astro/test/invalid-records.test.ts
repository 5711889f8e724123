import { describe, expect, it } from 'vitest';
import {
  EnoughInvalidRecords,
  InvalidRecords,
  NAMED_INVALID_RECORDS,
} from '../src/build-time/load-run/invalid-records.js';

describe('InvalidRecords', () => {
  it('keeps the first few reports and counts the rest, however many come', () => {
    const invalid = new InvalidRecords();
    for (let i = 0; i < 1_000_000; i++) invalid.add({ recordId: i, path: 'id', message: 'bad' });
    expect(invalid.count).toBe(1_000_000);
    expect(invalid.named).toHaveLength(NAMED_INVALID_RECORDS);
    expect(invalid.named.map((r) => r.recordId)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('adds another load’s records with their count', () => {
    const shared = new InvalidRecords();
    for (let i = 0; i < 25; i++) shared.add({ recordId: `s${i}`, path: 'url', message: 'bad' });
    const own = new InvalidRecords();
    own.add({ recordId: 'own', path: 'url', message: 'bad' });
    own.addAll(shared);
    expect(own.count).toBe(26);
    expect(own.named.map((r) => r.recordId)).toEqual([
      'own',
      's0',
      's1',
      's2',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
    ]);
  });

  it('stops the fetch at its limit, for a load that fails on invalid records anyway', () => {
    const invalid = new InvalidRecords(3);
    const report = { recordId: 1, path: 'id', message: 'bad' };
    invalid.add(report);
    invalid.add(report);
    expect(() => invalid.add(report)).toThrow(EnoughInvalidRecords);
    expect(invalid.count).toBe(3);
  });
});
