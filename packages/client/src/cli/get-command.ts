/**
 * `sitecontent get <products|modifications|sections|articles|meta|domain|domains> [filters] [--json]`:
 * one read, printed as a JSON array or a table (the key masked before a cell is cut).
 */
import { parseArgs } from 'node:util';
import type { SiteContentClient } from '../client.js';
import { maskKey } from '../text/redact.js';
import {
  type CliIo,
  type Command,
  type Connect,
  keyToMask,
  parseArgsUsageError,
  UsageError,
} from './context.js';
import { renderTable } from './table.js';

export const GET_USAGE = `Usage: sitecontent [connection flags] get <resource> [filters] [--json]

Resources and their filters:
  products        [--id N] [--catid N] [--cattx S]     goods/Get
  modifications   --goods-id N [--id N] [--articul S]  goods/SkuGet
  sections        [--id N] [--tx S]                    dir/Get
  articles        [--id N] [--catid N] [--cattx S]     article/Get
  meta            --md S --id N                        meta/Get
  domain                                               site/DomainDefault
  domains                                              site/DomainAll

--json prints the typed records as one JSON array (dates as ISO strings); otherwise a table.
`;

const RESOURCES = {
  products: {
    flags: ['id', 'catid', 'cattx'],
    required: [],
    columns: ['id', 'catid', 'cattx', 'zag', 'vendor', 'shw', 'dt', 'sku', 'img'],
  },
  modifications: {
    flags: ['goods-id', 'id', 'articul'],
    required: ['goods-id'],
    columns: ['id', 'goods_id', 'articul', 'price', 'price_old', 'shw', 'sf', 'color', 'stxt'],
  },
  sections: {
    flags: ['id', 'tx'],
    required: [],
    columns: ['id', 'tx', 'par', 'zag', 'url', 'rlv', 'shw', 'tp'],
  },
  articles: {
    flags: ['id', 'catid', 'cattx'],
    required: [],
    columns: ['id', 'catid', 'zag', 'url', 'shw', 'dt'],
  },
  meta: {
    flags: ['md', 'id'],
    required: ['md', 'id'],
    columns: ['md', 'id', 'ttl', 'dsc', 'kwd', 'og_title', 'og_image'],
  },
  domain: { flags: [], required: [], columns: ['domain'] },
  domains: { flags: [], required: [], columns: ['domain', 'active', 'ns', 'paidtill'] },
} as const satisfies Record<
  string,
  { flags: readonly string[]; required: readonly string[]; columns: readonly string[] }
>;

type Resource = keyof typeof RESOURCES;

export interface GetRequest {
  resource: Resource;
  values: Record<string, string>;
  json: boolean;
}

/** Parse and check the arguments after `get`, before any connection is made. */
export function parseGetArgs(argv: string[]): GetRequest {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    throw new UsageError(parseArgsUsageError(err, GET_OPTIONS).message, GET_USAGE);
  }
  const { values, positionals } = parsed;
  const [name, ...extra] = positionals;
  if (name === undefined) throw new UsageError('missing resource', GET_USAGE);
  if (!(name in RESOURCES)) throw new UsageError(`unknown resource "${name}"`, GET_USAGE);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`, GET_USAGE);
  const resource = name as Resource;
  const spec = RESOURCES[resource];
  const given: Record<string, string> = {};
  for (const [flag, value] of Object.entries(values)) {
    if (flag === 'json' || flag === 'help' || typeof value !== 'string') continue;
    if (!(spec.flags as readonly string[]).includes(flag)) {
      const takes =
        spec.flags.length > 0
          ? `it takes ${spec.flags.map((f) => `--${f}`).join(', ')}`
          : 'it takes no filter';
      throw new UsageError(`--${flag} does not apply to "get ${resource}" (${takes})`, GET_USAGE);
    }
    if (['id', 'catid', 'goods-id'].includes(flag) && !/^\d+$/.test(value)) {
      throw new UsageError(`--${flag} must be a whole number, got "${value}"`, GET_USAGE);
    }
    if (value === '') throw new UsageError(`--${flag} must not be empty`, GET_USAGE);
    given[flag] = value;
  }
  for (const flag of spec.required) {
    if (given[flag] === undefined) throw new UsageError(`"get ${resource}" needs --${flag}`, GET_USAGE);
  }
  return { resource, values: given, json: values.json === true };
}

/** `help` is listed so that an unknown flag's message names it; the dispatcher answers it (main.ts). */
const GET_OPTIONS = {
  id: { type: 'string' },
  catid: { type: 'string' },
  cattx: { type: 'string' },
  tx: { type: 'string' },
  'goods-id': { type: 'string' },
  articul: { type: 'string' },
  md: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, strict: true, options: GET_OPTIONS });
}

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

async function fetchRecords(req: GetRequest, client: SiteContentClient): Promise<object[]> {
  const v = req.values;
  switch (req.resource) {
    case 'products':
      return client.products.list({ id: num(v.id), catid: num(v.catid), cattx: v.cattx });
    case 'modifications':
      return client.modifications.list({ goodsId: Number(v['goods-id']), id: num(v.id), articul: v.articul });
    case 'sections':
      return client.sections.list({ id: num(v.id), tx: v.tx });
    case 'articles':
      return client.articles.list({ id: num(v.id), catid: num(v.catid), cattx: v.cattx });
    case 'meta': {
      const meta = await client.meta.get(v.md ?? '', Number(v.id));
      return meta === undefined ? [] : [meta];
    }
    case 'domain':
      return [{ domain: await client.site.defaultDomain() }];
    case 'domains':
      return client.site.domains();
  }
}

/** Runs `get`: usage errors before the client is made; errors from the client propagate (main: exit 1). */
export async function runGetCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  const req = parseGetArgs(argv);
  const records = await fetchRecords(req, connect());
  const mask = (text: string) => maskKey(text, keyToMask(io));
  if (req.json) {
    // Dates serialise as ISO strings through Date#toJSON.
    io.stdout.write(mask(`${JSON.stringify(records, null, 2)}\n`));
  } else if (records.length === 0) {
    io.stdout.write('No records.\n');
  } else {
    const rows = records as Record<string, unknown>[];
    io.stdout.write(renderTable(RESOURCES[req.resource].columns, rows, mask));
  }
  return 0;
}

export const getCommand: Command = {
  name: 'get',
  usage: GET_USAGE,
  subcommands: Object.keys(RESOURCES),
  run: runGetCommand,
};
