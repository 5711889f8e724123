/**
 * `sitecontent preview-link product|article|section ID [--ttl SECONDS] [--site URL]`: prints a signed,
 * expiring link that shows the record on the on-demand site even while it is hidden. The link opens
 * the site's preview route, which redirects to the record's page as the site builds its URL, so the
 * CLI needs no URL pattern; it still asks the service for the record, so a wrong id fails here and
 * not in the editor's browser. The signature needs SITECONTENT_PREVIEW_SECRET, the secret the site's
 * server has.
 */
import { parseArgs } from 'node:util';
import type { SiteContentClient } from '../client.js';
import { previewRoutePath } from '../preview/preview-route.js';
import {
  PREVIEW_KINDS,
  PREVIEW_PARAM,
  PREVIEW_SECRET_ENV,
  type PreviewKind,
  signPreview,
} from '../preview/preview-token.js';
import { type CliIo, type Command, type Connect, parseArgsUsageError, UsageError } from './context.js';

export const PREVIEW_LINK_USAGE = `Usage: sitecontent preview-link product|article|section ID [--ttl SECONDS] [--site URL]

Prints a link that shows the record on the on-demand site, even hidden, until it expires:
SITE/_sitecontent/preview/KIND/ID?preview=TOKEN, the site's preview route, which redirects
to the record's page. ID is a product or article id, or a section's tx.

  --ttl SECONDS   how long the link works (default 3600, at most 2592000: 30 days)
  --site URL      the site's origin (default: the site's domain in the service)
  ${PREVIEW_SECRET_ENV}   the secret the site's server has too (never printed)

Exit codes: 0 printed, 1 the service failed or has no such record, 2 bad usage.
`;

const OPTIONS = {
  ttl: { type: 'string' },
  site: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const MAX_TTL = 30 * 24 * 3600;

export async function runPreviewLinkCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw Object.assign(parseArgsUsageError(error, OPTIONS), { usage: PREVIEW_LINK_USAGE });
  }
  const { values, positionals } = parsed;
  const [kind, id, ...extra] = positionals;
  const usage = (message: string) => new UsageError(message, PREVIEW_LINK_USAGE);
  if (!PREVIEW_KINDS.includes(kind as PreviewKind)) throw usage(`name the kind: ${PREVIEW_KINDS.join(', ')}`);
  if (id === undefined || extra.length > 0) throw usage('name one record: its id (a section: its tx)');
  if (kind !== 'section' && !/^[1-9][0-9]{0,15}$/.test(id))
    throw usage(`a ${kind} id is a positive whole number, got "${id}"`);
  const ttl = values.ttl ?? '3600';
  if (!/^[1-9][0-9]*$/.test(ttl) || Number(ttl) > MAX_TTL)
    throw usage(`--ttl must be 1 to ${MAX_TTL} seconds, got "${ttl}"`);
  if (
    values.site !== undefined &&
    !/^https?:$/.test(URL.canParse(values.site) ? new URL(values.site).protocol : '')
  ) {
    throw usage(`--site must be an http(s) URL, got "${values.site}"`);
  }
  const secret = io.env[PREVIEW_SECRET_ENV];
  if (!secret) throw usage(`missing ${PREVIEW_SECRET_ENV} (in the environment or .env)`);
  const client = connect();
  await ensureRecord(client, kind as PreviewKind, id);
  const origin = values.site ? new URL(values.site).origin : await client.site.origin();
  const expiresAt = Math.floor(Date.now() / 1000) + Number(ttl);
  const token = await signPreview(kind as PreviewKind, id, expiresAt, secret);
  io.stdout.write(`${origin}${previewRoutePath(kind as PreviewKind, id)}?${PREVIEW_PARAM}=${token}\n`);
  return 0;
}

/** Fails, naming the record, when the service has no `kind` `id` (hidden ones it has). */
async function ensureRecord(client: SiteContentClient, kind: PreviewKind, id: string): Promise<void> {
  const found =
    kind === 'section'
      ? await client.sections.list({ tx: id })
      : kind === 'article'
        ? await client.articles.list({ id: Number(id) })
        : await client.products.list({ id: Number(id) });
  if (found.length === 0) throw new Error(`preview-link: the service has no ${kind} ${JSON.stringify(id)}`);
}

export const previewLinkCommand: Command = {
  name: 'preview-link',
  usage: PREVIEW_LINK_USAGE,
  subcommands: PREVIEW_KINDS,
  run: runPreviewLinkCommand,
};
