/**
 * Domains from the service must be plain host names: origins are built from them, so anything that
 * changes a URL's meaning (scheme, `user@`, port, path, quotes, spaces) is refused. IDN is fine.
 */
import { domainToASCII } from 'node:url';
import { z } from 'zod';

/** One label as sent: letters (any script), marks, digits and inner hyphens. */
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
/** One label once converted to ASCII (punycode): letters, digits, inner hyphens, at most 63. */
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_LENGTH = 253;

/** Why `value` is not a plain host name, or undefined when it is one. */
export function hostNameProblem(value: string): string | undefined {
  if (value === '') return 'is empty';
  if (!value.split('.').every((label) => LABEL.test(label))) {
    return 'must be letters, digits and hyphens in dot-separated labels (no scheme, user, port, path, quotes or spaces)';
  }
  // IDNA (UTS #46) as URLs apply it: '' when the name cannot be a domain.
  const ascii = domainToASCII(value);
  if (ascii === '') return 'is not a valid internationalized domain name';
  if (ascii.length > MAX_LENGTH) return `is longer than ${MAX_LENGTH} characters`;
  const labels = ascii.split('.');
  if (!labels.every((label) => ASCII_LABEL.test(label))) {
    return 'has a label longer than 63 characters or an invalid punycode label';
  }
  // A numeric last label makes URLs read the name as an IPv4 address (`0x7f.1` is 127.0.0.1).
  if (/^\d+$/.test(labels.at(-1) ?? '')) return 'must be a host name, not an IP address';
  // What the origin will hold: a name the URL parser would rewrite (e.g. as an IPv4 address) is refused.
  if (!URL.canParse(`https://${ascii}/`) || new URL(`https://${ascii}/`).hostname !== ascii) {
    return 'is not kept as is by the URL parser';
  }
  return undefined;
}

/**
 * Whether `value` is a plain host name: labels of letters (any script), digits and inner hyphens,
 * valid IDNA, at most 253 characters as punycode, not an IP address. `пример.рф` passes;
 * `user:pw@evil.example` does not.
 */
export function isHostName(value: unknown): value is string {
  return typeof value === 'string' && hostNameProblem(value) === undefined;
}

/** zod field for a plain host name (see {@link isHostName}); the issue says what is wrong. */
export const hostNameField = z.string({ error: 'expected a host name' }).superRefine((value, ctx) => {
  const problem = hostNameProblem(value);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: `not a plain host name: ${problem}` });
});
