/** Writes to site 1 as a caller may send them, and the reads that check what they stored. */
import type { Emulator } from '../../src/index.js';
import { bracketForm, call } from './index.js';

export type Encoding = 'form-brackets' | 'form-json' | 'json' | 'query';

/** Sends a write in one of the encodings docs/interface.md lists (plus everything in the query string). */
export function write(
  emu: Emulator,
  op: string,
  top: Record<string, string | number>,
  param: Record<string, string | number> | undefined,
  encoding: Encoding = 'form-brackets',
) {
  const withSid = { sid: 1, ...top };
  switch (encoding) {
    case 'form-brackets':
      return call(emu, op, { form: bracketForm(withSid, param ?? {}) });
    case 'form-json':
      return call(emu, op, { form: param ? { ...withSid, param: JSON.stringify(param) } : withSid });
    case 'json':
      return call(emu, op, { json: param ? { ...withSid, param } : withSid });
    case 'query':
      return call(emu, op, { method: 'POST', query: bracketForm(withSid, param ?? {}) });
  }
}

/** The JSON answer of a read of site 1. */
export const read = async (emu: Emulator, op: string, query: Record<string, string | number>) =>
  (await call(emu, op, { query: { sid: 1, ...query } })).json;
