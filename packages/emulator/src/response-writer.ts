import type { ServerResponse } from 'node:http';
import type { FaultDecision } from './faults.js';
import type { EmulatorStats } from './stats.js';
import type { WireValue } from './wire/encode.js';
import { serializeQuirks } from './wire/quirks.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The body of every error answer: one object with a human `message` and an `error` code. */
export function errorBody(code: string, message: string): WireValue {
  return [{ message, error: code }];
}

/** The body bytes each answer was given (half of it when a fault cut it), for the request log. */
const bodyBytes = new WeakMap<ServerResponse, number>();

/** The body bytes sent with `res`; 0 before (or without) an answer. */
export function bodyBytesSent(res: ServerResponse): number {
  return bodyBytes.get(res) ?? 0;
}

/** Writes answers as JSON (or with the quirks), counted by status; a reset or truncation fault cuts the body. */
export class ResponseWriter {
  constructor(
    readonly stats: EmulatorStats,
    readonly quirks: boolean,
  ) {}

  send(
    res: ServerResponse,
    status: number,
    payload: WireValue,
    headers: Record<string, string> = {},
    fate?: FaultDecision,
  ): void {
    const { stats } = this;
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
    const text = this.quirks ? serializeQuirks(payload) : JSON.stringify(payload);
    const bytes = Buffer.from(text, 'utf8');
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': String(bytes.length), ...headers });
    if (fate?.reset || fate?.truncate) {
      // Half the body, then the connection goes away while the client still expects the rest.
      const socket = res.socket;
      const part = bytes.subarray(0, Math.floor(bytes.length / 2));
      bodyBytes.set(res, part.length);
      if (fate.reset) stats.faults.reset++;
      else stats.faults.truncate++;
      res.write(part, () => {
        if (fate.reset) socket?.resetAndDestroy();
        else socket?.end();
      });
      return;
    }
    bodyBytes.set(res, bytes.length);
    res.end(bytes);
  }
}
