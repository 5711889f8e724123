/**
 * `sitecontent set|create|delete`: a write of one record from the command line. A dry run by
 * default, which reads the record and prints what would change, field by field; sent only with
 * `--write` or `SITECONTENT_WRITE=1` (the build's meta write-back gate, env/write-gate.ts), then the
 * pages that show the record are purged when the environment names the site (as `meta push` does).
 * Exit codes: 0 nothing would change or written, 3 something would change (dry run), 1 the service
 * or the purge failed, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { writeRequested } from '../env/write-gate.js';
import { plural } from '../meta-sync/format.js';
import { parseFieldValue, sameFieldValue, writableFields } from '../schemas/field-values.js';
import { quotedText } from '../text/shown-text.js';
import { CHANGED_EXIT_CODE } from './changes-command.js';
import { type CliIo, type Command, type Connect, parseArgsUsageError, UsageError } from './context.js';
import {
  type Current,
  createRecord,
  type Fields,
  KIND_SPECS,
  pagesOfWrite,
  RECORD_KINDS,
  type RecordKind,
  type RecordRef,
  readRecord,
  recordName,
  type SetKind,
  updateRecord,
} from './record-writes.js';
import { writer } from './terminal.js';
import { purgeWrittenRecord } from './write-purge.js';

const GATE = '--write or SITECONTENT_WRITE=1';

const FIELD_LINES = (['product', 'modification', 'section', 'article', 'meta'] as const)
  .map((kind) => `  ${kind.padEnd(13)}${writableFields(KIND_SPECS[kind].resource).join(' ')}`)
  .join('\n');

const EXIT_LINE = `Exit codes: 0 written, or nothing would change; 3 something would change (dry run); 1 the service
or the purge failed; 2 bad usage.`;

const WRITE_NOTE = `A dry run by default: reads the record and prints what would change, field by field, and sends
nothing. ${GATE} sends it; then, when SITECONTENT_SITE_URL and SITECONTENT_PURGE_TOKEN
are set, the site's pages that show the record are purged.`;

export const SET_USAGE = `Usage: sitecontent [connection flags] set product|modification|section|article ID field=value ... [--write]
       sitecontent [connection flags] set meta MODULE ID field=value ... [--write]

Changes the named fields of one record (goods/Set, goods/SkuSet, dir/Set, article/Update, meta/Set).
MODULE is the page's meta module: goods (products), dir (sections), blog, news or article.
${WRITE_NOTE}

Fields (values as the service sends them: flags 1 or 0, dt as Unix seconds, ISO 8601 or dd.mm.yyyy,
color as #rrggbb):
${FIELD_LINES}

${EXIT_LINE}
`;

export const CREATE_USAGE = `Usage: sitecontent [connection flags] create product|modification|section|article field=value ... [--write]

Creates one record (goods/Write, goods/SkuWrite, dir/Write, article/Write) and prints its id. A new
modification names its product with goods_id=ID.
${WRITE_NOTE}

Fields: as for sitecontent set (sitecontent set --help).

Exit codes: 0 created; 3 it would be created (dry run); 1 the service or the purge failed; 2 bad usage.
`;

export const DELETE_USAGE = `Usage: sitecontent [connection flags] delete product ID [--write]

Deletes a product with its modifications and its goods meta (goods/Delete); the interface deletes
nothing else.
${WRITE_NOTE}

Exit codes: 0 deleted; 3 it would be deleted (dry run); 1 the service or the purge failed (or there
is no such product); 2 bad usage.
`;

/** `help` is listed so that an unknown flag's message names it; the dispatcher answers it (main.ts). */
const OPTIONS = {
  write: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface Parsed {
  words: string[];
  write: boolean;
}

function parse(argv: string[], io: CliIo, usage: string): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    return { words: positionals, write: values.write === true || writeRequested(io.env) };
  } catch (error) {
    throw Object.assign(parseArgsUsageError(error, OPTIONS), { usage });
  }
}

function recordId(text: string | undefined, what: string, usage: string): number {
  if (text === undefined) throw new UsageError(`${what} needs an ID`, usage);
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id)) {
    throw new UsageError(`${what}: ID must be a whole number, got ${quotedText(text, 40)}`, usage);
  }
  return id;
}

function recordKind(word: string | undefined, command: string, usage: string): RecordKind {
  if (word === undefined)
    throw new UsageError(`${command} needs what to ${command}: ${RECORD_KINDS.join(', ')}`, usage);
  if (!(RECORD_KINDS as readonly string[]).includes(word)) {
    throw new UsageError(
      `${command}: unknown record kind ${quotedText(word, 40)} (expected ${RECORD_KINDS.join(', ')})`,
      usage,
    );
  }
  return word as RecordKind;
}

/**
 * The `field=value` words typed by the fields' schemas; `extra` names fields the operation takes
 * beside the record's (a new modification's `goods_id`). Unknown fields and bad values are bad usage,
 * named with the operation, the record and the fields the interface documents.
 */
function typedFields(
  words: readonly string[],
  kind: SetKind,
  what: string,
  usage: string,
  extra: readonly string[] = [],
): { fields: Fields; extra: Record<string, string> } {
  const { resource } = KIND_SPECS[kind];
  const known = writableFields(resource);
  if (words.length === 0) {
    throw new UsageError(
      `${what}: name the fields to write as field=value (${kind} fields: ${known.join(', ')})`,
      usage,
    );
  }
  const fields: Fields = {};
  const extras: Record<string, string> = {};
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) throw new UsageError(`${what}: expected field=value, got ${quotedText(word, 60)}`, usage);
    const name = word.slice(0, eq);
    const text = word.slice(eq + 1);
    if (Object.hasOwn(fields, name) || Object.hasOwn(extras, name)) {
      throw new UsageError(`${what}: field ${name} given twice`, usage);
    }
    if (extra.includes(name)) {
      extras[name] = text;
      continue;
    }
    if (!known.includes(name)) {
      const also = extra.length > 0 ? `, and ${extra.join(', ')}` : '';
      throw new UsageError(
        `${what}: unknown field ${quotedText(name, 40)}; the interface's ${kind} fields are ${known.join(', ')}${also}`,
        usage,
      );
    }
    const parsed = parseFieldValue(resource, name, text);
    if ('problem' in parsed) {
      throw new UsageError(`${what}: field ${name}=${quotedText(text, 60)}: ${parsed.problem}`, usage);
    }
    fields[name] = parsed.value;
  }
  return { fields, extra: extras };
}

/** A value as a diff line shows it: text quoted and cut, flags 1/0, dates ISO. */
function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString().replace('T00:00:00.000Z', '').replace('.000Z', 'Z');
  if (typeof value === 'string') return quotedText(value, 80);
  return String(value);
}

/** The fields of `fields` that differ from `current`, one line each; the unchanged ones marked. */
function diffLines(current: Current | undefined, fields: Fields): { lines: string[]; changed: Fields } {
  const lines: string[] = [];
  const changed: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (current === undefined) {
      lines.push(`  ${name}: ${shownValue(value)}`);
      changed[name] = value;
    } else if (sameFieldValue(current[name] ?? '', value)) {
      lines.push(`  ${name}: ${shownValue(value)} (unchanged)`);
    } else {
      lines.push(`  ${name}: ${shownValue(current[name])} → ${shownValue(value)}`);
      changed[name] = value;
    }
  }
  return { lines, changed };
}

const dryRunLine = (what: string) => `Dry run: ${what}; nothing was sent (${GATE} sends it).\n`;

/** `set product|modification|section|article ID field=value …`, `set meta MODULE ID field=value …`. */
export async function runSetCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  const { words, write } = parse(argv, io, SET_USAGE);
  const [kindWord, ...rest] = words;
  let ref: RecordRef;
  let fieldWords: string[];
  if (kindWord === 'meta') {
    const [md, idText, ...more] = rest;
    if (md === undefined || !/^[A-Za-z0-9_-]+$/.test(md)) {
      throw new UsageError(
        `set meta needs the page's MODULE (goods, dir, blog, news, article), got ${md === undefined ? 'none' : quotedText(md, 40)}`,
        SET_USAGE,
      );
    }
    ref = { kind: 'meta', md, id: recordId(idText, `set meta ${md}`, SET_USAGE) };
    fieldWords = more;
  } else {
    const kind = recordKind(kindWord, 'set', SET_USAGE);
    const [idText, ...more] = rest;
    ref = { kind, id: recordId(idText, `set ${kind}`, SET_USAGE) };
    fieldWords = more;
  }
  const spec = KIND_SPECS[ref.kind];
  const what = `${recordName(ref)} (${spec.update})`;
  const { fields } = typedFields(fieldWords, ref.kind, what, SET_USAGE);

  const client = connect();
  const out = writer(io, io.stdout);
  const err = writer(io, io.stderr);
  const current = await readRecord(client, ref);
  if (current === undefined)
    throw new Error(`${recordName(ref)} not found: ${spec.read} has no record with id ${ref.id}`);
  const { lines, changed } = diffLines(current, fields);
  out(`${what}:\n${lines.join('\n')}\n`);
  const count = Object.keys(changed).length;
  if (count === 0) {
    out(`Nothing to change: ${recordName(ref)} already has these values; nothing was sent.\n`);
    return 0;
  }
  if (!write) {
    out(dryRunLine(`${plural(count, 'field')} would change`));
    return CHANGED_EXIT_CODE;
  }
  await updateRecord(client, ref, changed);
  out(`Written: ${plural(count, 'field')} of ${recordName(ref)} (${spec.update}).\n`);
  const purged = await purgeWrittenRecord(
    io.env,
    () => pagesOfWrite(client, ref, current, changed),
    out,
    err,
  );
  return purged ? 0 : 1;
}

/** `create product|modification|section|article field=value …`. */
export async function runCreateCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  const { words, write } = parse(argv, io, CREATE_USAGE);
  const [kindWord, ...fieldWords] = words;
  if (kindWord === 'meta') {
    throw new UsageError(
      'meta is not created: every page has it; write it with sitecontent set meta MODULE ID',
      CREATE_USAGE,
    );
  }
  const kind = recordKind(kindWord, 'create', CREATE_USAGE);
  const op = KIND_SPECS[kind].create as string;
  const what = `new ${kind} (${op})`;
  const extraNames = kind === 'modification' ? ['goods_id'] : [];
  const { fields, extra } = typedFields(fieldWords, kind, what, CREATE_USAGE, extraNames);
  let goodsId: number | undefined;
  if (kind === 'modification') {
    const text = extra.goods_id;
    if (text === undefined) throw new UsageError(`${what}: name its product with goods_id=ID`, CREATE_USAGE);
    goodsId = recordId(text, `${what}: goods_id`, CREATE_USAGE);
  }

  const out = writer(io, io.stdout);
  const err = writer(io, io.stderr);
  const { lines } = diffLines(undefined, fields);
  const product = goodsId === undefined ? [] : [`  goods_id: ${goodsId}`];
  out(`${what}:\n${[...product, ...lines].join('\n')}\n`);
  if (!write) {
    out(dryRunLine(`a ${kind} would be created`));
    return CHANGED_EXIT_CODE;
  }
  const client = connect();
  const id = await createRecord(client, kind, fields, goodsId);
  out(`Created ${kind} ${id} (${op}).\n`);
  const where = goodsId === undefined ? undefined : { goods_id: goodsId };
  const purged = await purgeWrittenRecord(
    io.env,
    () => pagesOfWrite(client, { kind, id }, where, fields),
    out,
    err,
  );
  return purged ? 0 : 1;
}

/** `delete product ID`: the interface has no other delete. */
export async function runDeleteCommand(argv: string[], io: CliIo, connect: Connect): Promise<number> {
  const { words, write } = parse(argv, io, DELETE_USAGE);
  const [kindWord, idText, ...more] = words;
  if (kindWord !== 'product') {
    const named = kindWord === undefined ? 'none' : quotedText(kindWord, 40);
    throw new UsageError(
      `delete takes product only (the interface has goods/Delete and no other delete), got ${named}`,
      DELETE_USAGE,
    );
  }
  const ref: RecordRef = { kind: 'product', id: recordId(idText, 'delete product', DELETE_USAGE) };
  if (more.length > 0)
    throw new UsageError(
      `delete product takes one ID, then nothing: got ${quotedText(more[0] ?? '', 40)}`,
      DELETE_USAGE,
    );

  const client = connect();
  const out = writer(io, io.stdout);
  const err = writer(io, io.stderr);
  const current = await readRecord(client, ref);
  if (current === undefined)
    throw new Error(`product ${ref.id} not found: goods/Get has no record with id ${ref.id}`);
  const variants = Array.isArray(current.sku) ? current.sku.length : 0;
  out(
    `product ${ref.id} ${shownValue(current.zag)} (goods/Delete): removes the product, ${plural(variants, 'modification')} and its goods meta\n`,
  );
  if (!write) {
    out(dryRunLine(`product ${ref.id} would be deleted`));
    return CHANGED_EXIT_CODE;
  }
  await client.products.delete(ref.id);
  out(`Deleted product ${ref.id} (goods/Delete).\n`);
  const purged = await purgeWrittenRecord(io.env, () => pagesOfWrite(client, ref, current, {}), out, err);
  return purged ? 0 : 1;
}

export const setCommand: Command = {
  name: 'set',
  usage: SET_USAGE,
  subcommands: [...RECORD_KINDS, 'meta'],
  run: runSetCommand,
};

export const createCommand: Command = {
  name: 'create',
  usage: CREATE_USAGE,
  subcommands: [...RECORD_KINDS],
  run: runCreateCommand,
};

export const deleteCommand: Command = {
  name: 'delete',
  usage: DELETE_USAGE,
  subcommands: ['product'],
  run: runDeleteCommand,
};
