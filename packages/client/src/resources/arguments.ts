/** A method's arguments checked before anything is sent: a wrong one is the caller's mistake, not a failed request. */
import { InvalidArgumentError } from '../errors/write-rejected-error.js';
import type { OperationName } from '../http/operations.js';
import { type ParamValue, WRITABLE_FIELDS, type WritableResource } from '../schemas/fields.js';

export function checkId(op: OperationName, name: string, v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new InvalidArgumentError(`${op}: ${name} must be a non-negative safe integer`, { operation: op });
  }
  return v;
}

export function checkText(op: OperationName, name: string, v: unknown, allowEmpty = false): string {
  if (typeof v !== 'string' || (!allowEmpty && v === '')) {
    throw new InvalidArgumentError(`${op}: ${name} must be a non-empty string`, { operation: op });
  }
  return v;
}

/** A filter holds only its operation's keys: a misspelled one would read the whole catalog. */
export function checkFilterKeys(
  op: OperationName,
  filter: unknown,
  params: object | undefined,
  known: readonly string[] = Object.keys(params ?? {}),
): void {
  if (filter === undefined || filter === null || typeof filter !== 'object') return;
  const unknown = Object.keys(filter).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new InvalidArgumentError(
      `${op}: unknown filter(s) ${unknown.join(', ')} (known: ${known.join(', ')})`,
      {
        operation: op,
      },
    );
  }
}

/** A list filter is an object (or left out): `null` or a number would fail later, and less clearly. */
export function checkFilterObject(op: OperationName, filter: unknown, required = false): void {
  if (filter === undefined && !required) return;
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw new InvalidArgumentError(`${op}: the filter must be an object${required ? '' : ' or left out'}`, {
      operation: op,
    });
  }
}

/** An optional list filter: left out when `undefined`, else checked like `checkId`. */
export function optionalId(op: OperationName, name: string, v: unknown): number | undefined {
  return v === undefined ? undefined : checkId(op, name, v);
}

/** An optional list filter: left out when `undefined`, else checked like `checkText`. */
export function optionalText(op: OperationName, name: string, v: unknown): string | undefined {
  return v === undefined ? undefined : checkText(op, name, v);
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** `param` keys against WRITABLE_FIELDS (unless `allowUnknownFields`), values the wire can carry. */
export function checkParam(
  core: { readonly allowUnknownFields: boolean },
  op: OperationName,
  resource: WritableResource,
  fields: object,
): Record<string, ParamValue> {
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
    throw new InvalidArgumentError(`${op}: fields must be an object`, { operation: op });
  }
  const allowed: readonly string[] = WRITABLE_FIELDS[resource];
  const out: Record<string, ParamValue> = {};
  for (const [key, value] of Object.entries(fields) as [string, unknown][]) {
    if (value === undefined) continue;
    if (!core.allowUnknownFields && !allowed.includes(key)) {
      throw new InvalidArgumentError(
        `${op}: unknown field "${key}" (writable: ${allowed.join(', ')}; set allowUnknownFields to send it anyway)`,
        { operation: op },
      );
    }
    const ok =
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (value instanceof Date && !Number.isNaN(value.getTime()));
    if (!ok) {
      throw new InvalidArgumentError(
        `${op}: field "${key}" must be a string, finite number, boolean or valid Date`,
        {
          operation: op,
        },
      );
    }
    if (key === 'color' && resource === 'modifications' && value !== '' && !HEX_COLOUR.test(String(value))) {
      throw new InvalidArgumentError(`${op}: field "color" must be #rrggbb or ''`, { operation: op });
    }
    out[key] = value as ParamValue;
  }
  if (Object.keys(out).length === 0) {
    throw new InvalidArgumentError(`${op}: no fields to write`, { operation: op });
  }
  return out;
}
