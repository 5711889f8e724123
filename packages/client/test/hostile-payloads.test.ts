/**
 * Hostile-payload corpus: each odd body the service (or something in front of it) might send gives
 * the right typed value or a named error — never an unhandled rejection, never the key in output.
 */
import { describe, expect, it } from 'vitest';
import type { RecordValidationError } from '../src/index.js';
import { assertNoKey, catchError, renderings, useTestClient } from './helpers/client.js';
import { wireModification } from './helpers/fixtures.js';
import { bodyCases } from './helpers/hostile-body-cases.js';
import { callOp, operationPath } from './helpers/hostile-corpus.js';
import { recordCases } from './helpers/hostile-record-cases.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const client = useTestClient(server);

const cases = [...bodyCases, ...recordCases];

describe('hostile payloads', () => {
  it('has at least 25 cases', () => expect(cases.length).toBeGreaterThanOrEqual(25));

  it.each(cases)('$name', async (c) => {
    server.script(operationPath[c.op], c.reply);
    if (c.value) {
      c.value(await callOp(client, c.op));
      return;
    }
    const err = await catchError(callOp(client, c.op));
    expect(err).toBeInstanceOf(c.error);
    if (c.match) expect(err).toMatchObject(c.match);
    expect((err as { operation: string }).operation).toBe(operationPath[c.op]);
    for (const text of renderings(err)) assertNoKey(text);
  });

  it('onInvalidRecord reports and skips invalid records', async () => {
    server.script('goods/SkuGet', {
      body: JSON.stringify([
        wireModification,
        { ...wireModification, id: '102', color: 'blue' },
        { ...wireModification, id: '103' },
      ]),
    });
    const bad: RecordValidationError[] = [];
    const mods = await client.modifications.list({ goodsId: 12 }, { onInvalidRecord: (e) => bad.push(e) });
    expect(mods.map((m) => m.id)).toEqual([101, 103]);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ recordId: '102', path: 'color', operation: 'goods/SkuGet' });
    expect(bad[0]?.message).toContain('record 102');
  });
});
