/** `sitecontent purge`: asks an on-demand site to drop the named entries' pages; needs only the site and its token. */
import { parseArgs } from 'node:util';
import { PurgeError } from '../errors/purge-error.js';
import { PURGE_SITE_URL_ENV, PURGE_TOKEN_ENV, purgePages } from '../purge/purge-request.js';
import { type CliIo, type Command, parseArgsUsageError, UsageError } from './context.js';

export const PURGE_USAGE = `Usage: sitecontent purge [--site URL] [--products IDS] [--articles IDS] [--sections TXS] [--tags TAGS]

Drops the cached pages of the named entries on an on-demand site (POST /_sitecontent/purge).
IDS, TXS and TAGS are comma-separated: --products 1,2 --sections phones.

  --site URL   ${PURGE_SITE_URL_ENV}      the site that serves the purge endpoint
  --path P                              the endpoint's path (default /_sitecontent/purge)
  ${PURGE_TOKEN_ENV}               the site's purge token (never printed)

Exit codes: 0 purged, 1 the site refused or could not be reached, 2 bad usage.
`;

const OPTIONS = {
  site: { type: 'string' },
  path: { type: 'string' },
  products: { type: 'string' },
  articles: { type: 'string' },
  sections: { type: 'string' },
  tags: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const list = (text: string | undefined) =>
  text === undefined
    ? undefined
    : text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);

/** Runs `purge`; it talks to the site only, so it never makes the service client. */
export async function runPurgeCommand(argv: string[], io: CliIo): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: false }));
  } catch (error) {
    throw Object.assign(parseArgsUsageError(error, OPTIONS), { usage: PURGE_USAGE });
  }
  const siteUrl = values.site ?? io.env[PURGE_SITE_URL_ENV];
  const token = io.env[PURGE_TOKEN_ENV];
  if (!siteUrl) throw new UsageError(`missing --site (or ${PURGE_SITE_URL_ENV})`, PURGE_USAGE);
  if (!URL.canParse(siteUrl) || !/^https?:$/.test(new URL(siteUrl).protocol)) {
    throw new UsageError(`--site must be an http(s) URL, got "${siteUrl}"`, PURGE_USAGE);
  }
  if (!token) throw new UsageError(`missing ${PURGE_TOKEN_ENV} (in the environment or .env)`, PURGE_USAGE);
  const targets = {
    products: list(values.products),
    articles: list(values.articles),
    sections: list(values.sections),
    tags: list(values.tags),
  };
  if (!Object.values(targets).some((names) => names && names.length > 0)) {
    throw new UsageError(
      'name something to purge: --products, --articles, --sections or --tags',
      PURGE_USAGE,
    );
  }
  try {
    const tags = await purgePages({ siteUrl, token, targets, ...(values.path ? { path: values.path } : {}) });
    io.stdout.write(
      `Purged ${tags.length} ${tags.length === 1 ? 'tag' : 'tags'} at ${new URL(siteUrl).origin}: ${tags.join(', ')}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof PurgeError) throw new Error(error.message);
    throw error;
  }
}

export const purgeCommand: Command = {
  name: 'purge',
  usage: PURGE_USAGE,
  subcommands: [],
  run: runPurgeCommand,
};
