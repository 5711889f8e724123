/**
 * `read(filter, { knownBodyDigest })`: an answer whose body is the one an earlier read typed is not
 * parsed until its records are asked for (an unchanged catalog kept as it was is never parsed); any
 * other body is read as always. Shown with bodies no parse accepts: where the parse happens, the
 * error does.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ResponseFormatError } from '../src/index.js';
import { catchError, testClient } from './helpers/client.js';
import { wireSection } from './helpers/fixtures.js';
import { useScriptServer } from './helpers/server.js';

const server = useScriptServer();
const digestOf = (body: string) => createHash('sha256').update(body).digest('base64url');
const BROKEN = '[{"id": 1, "zag": "cut off';

describe('read() with the digest of a body it typed before', () => {
  it('leaves the same body unparsed until its records are asked for', async () => {
    const client = testClient(server);
    server.script('dir/Get', { body: BROKEN });
    // Without the digest, the broken body fails the read itself.
    expect(await catchError(client.sections.read())).toBeInstanceOf(ResponseFormatError);
    const answer = await client.sections.read(undefined, { knownBodyDigest: digestOf(BROKEN) });
    expect(answer.bodyDigest).toBe(digestOf(BROKEN));
    // Asked for, the records are what parsing the body gives: here its error, with the operation named.
    const error = await catchError(answer.records());
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error).toMatchObject({ operation: 'dir/Get' });
    expect(() => answer.rowCount).toThrow(ResponseFormatError);
    await client.close();
  });

  it('reads another body as always, and gives a known one the same records', async () => {
    const client = testClient(server);
    const body = JSON.stringify([wireSection]);
    server.script('dir/Get', { body });
    const typed = await (await client.sections.read()).records();
    const known = await client.sections.read(undefined, { knownBodyDigest: digestOf(body) });
    expect(known.bodyDigest).toBe(digestOf(body));
    expect(known.rowCount).toBe(1);
    expect(await known.records()).toEqual(typed);
    // A body other than the known one is parsed at once: its error is the read's.
    server.script('dir/Get', { body: BROKEN });
    expect(
      await catchError(client.sections.read(undefined, { knownBodyDigest: digestOf(body) })),
    ).toBeInstanceOf(ResponseFormatError);
    await client.close();
  });

  it('does not take an error status for the known body', async () => {
    const client = testClient(server);
    server.script('dir/Get', { status: 500, body: BROKEN });
    const error = await catchError(client.sections.read(undefined, { knownBodyDigest: digestOf(BROKEN) }));
    expect(error).toMatchObject({ status: 500 });
    await client.close();
  });
});
