/**
 * What to check when nothing answered: every attempt failed to connect (a wrong address, a server not
 * started), so the hint names the setting that holds the address, not the network.
 */
import { isSiteContentError } from '../errors/guards.js';

/** Connection failures that mean no server answered at the address. */
const NOTHING_ANSWERED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** One line naming the base URL setting when `error` says nothing answered; `undefined` otherwise. */
export function addressHint(error: unknown): string | undefined {
  if (!isSiteContentError(error, 'network') || !NOTHING_ANSWERED.has(error.causeCode ?? '')) return undefined;
  const origin = URL.canParse(error.url) ? new URL(error.url).origin : 'the service address';
  return `nothing answered at ${origin}: check --base-url (or SITECONTENT_BASE_URL, in the environment or .env)`;
}
