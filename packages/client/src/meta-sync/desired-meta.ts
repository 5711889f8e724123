/**
 * Desired meta (META.md): the entry schema, validation of a list, and the JSON or YAML file `meta
 * pull` writes and `plan`/`push` read. Every problem is collected before anything is sent.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { DesiredMetaError, type DesiredMetaIssue } from '../errors/desired-meta-error.js';
import { type DesiredMetaEntry, META_FIELDS, type MetaField } from '../types/meta-sync.js';
import { META_HARD_LIMITS, META_MD_MAX_LENGTH, META_SEO_LENGTHS, textLength } from './limits.js';

/** Every key an entry may have. */
const ENTRY_KEYS = ['md', 'id', ...META_FIELDS] as const;

// C0 controls and DEL, except tab, line feed and carriage return (YAML block scalars end in '\n').
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MD_PATTERN = /^[a-z][a-z0-9_-]*$/;

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`;
  return `${typeof value} ${String(value)}`;
}

function metaValueSchema(field: MetaField) {
  const limit = META_HARD_LIMITS[field];
  return z
    .string({
      error: (iss) =>
        `must be a string, got ${typeName(iss.input)}${typeof iss.input === 'number' || typeof iss.input === 'boolean' ? ' (quote it)' : ''}`,
    })
    .superRefine((value, ctx) => {
      const length = textLength(value);
      if (length > limit) {
        ctx.addIssue({ code: 'custom', message: `${length} characters, over the limit of ${limit}` });
      }
      if (CONTROL_CHARS.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'contains a control character' });
      }
      if (field === 'og_image' && /\s/.test(value)) {
        ctx.addIssue({ code: 'custom', message: 'must not contain whitespace (it is a path)' });
      }
    });
}

/** One desired entry: `id` a number or a string of digits; unknown keys are errors (a typo is not ignored). */
export const desiredMetaEntrySchema = z.strictObject({
  md: z
    .string({
      error: (iss) => (iss.input === undefined ? 'missing' : `must be a string, got ${typeName(iss.input)}`),
    })
    .trim()
    .min(1, { error: 'must not be empty', abort: true })
    .max(META_MD_MAX_LENGTH, { error: `longer than ${META_MD_MAX_LENGTH} characters` })
    .regex(MD_PATTERN, { error: 'must be a module name such as goods, dir, blog, news or article' }),
  id: z
    .union([z.number(), z.string()], {
      error: (iss) => (iss.input === undefined ? 'missing' : `must be a number, got ${typeName(iss.input)}`),
    })
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: 'must not be empty' });
        return z.NEVER;
      }
      const id = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(id) || id <= 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a positive whole number, got ${JSON.stringify(value)}`,
        });
        return z.NEVER;
      }
      return id;
    }),
  ttl: metaValueSchema('ttl').optional(),
  dsc: metaValueSchema('dsc').optional(),
  kwd: metaValueSchema('kwd').optional(),
  og_title: metaValueSchema('og_title').optional(),
  og_image: metaValueSchema('og_image').optional(),
});

/** Result of {@link validateDesiredMeta}. */
export interface DesiredMetaValidation {
  /** The valid entries, normalised (`id` a number, `md` trimmed); empty when there are errors. */
  entries: DesiredMetaEntry[];
  /** Problems that make the list unusable. */
  errors: DesiredMetaIssue[];
  /** Values that will be sent but are longer than usual for SEO, and similar hints. */
  warnings: DesiredMetaIssue[];
}

function label(raw: unknown): { md?: string; id?: number | string } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  const out: { md?: string; id?: number | string } = {};
  if (typeof record.md === 'string') out.md = record.md.trim();
  if (typeof record.id === 'number' || typeof record.id === 'string') out.id = record.id;
  return out;
}

/** Checks a parsed list: shape, fields, `md`, `id`, limits, duplicate targets. Never throws. */
export function validateDesiredMeta(input: unknown): DesiredMetaValidation {
  const errors: DesiredMetaIssue[] = [];
  const warnings: DesiredMetaIssue[] = [];
  if (!Array.isArray(input)) {
    errors.push({
      message: `expected a list of entries like [{ md: goods, id: 12, ttl: ... }], got ${typeName(input)}`,
    });
    return { entries: [], errors, warnings };
  }

  const entries: DesiredMetaEntry[] = [];
  const seen = new Map<string, number>();
  input.forEach((raw, index) => {
    const position = index + 1;
    const where = { position, ...label(raw) };
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      errors.push({ ...where, message: `must be an object with md and id, got ${typeName(raw)}` });
      return;
    }
    const parsed = desiredMetaEntrySchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys) {
            errors.push({ ...where, message: `unknown field "${key}" (allowed: ${ENTRY_KEYS.join(', ')})` });
          }
          continue;
        }
        const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined;
        errors.push(
          field === undefined
            ? { ...where, message: issue.message }
            : { ...where, field, message: issue.message },
        );
      }
      return;
    }
    const entry = parsed.data as DesiredMetaEntry;
    // Drop keys zod kept as `undefined` so "absent" stays absent.
    for (const field of META_FIELDS) if (entry[field] === undefined) delete entry[field];
    const target = { position, md: entry.md, id: entry.id };

    const key = `${entry.md}\u0000${entry.id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({
        ...target,
        message: `duplicate target: entry ${first} already sets md=${entry.md} id=${entry.id}`,
      });
      return;
    }
    seen.set(key, position);

    for (const [field, usual] of Object.entries(META_SEO_LENGTHS) as [MetaField, number][]) {
      const value = entry[field];
      if (value !== undefined && textLength(value) > usual) {
        warnings.push({
          ...target,
          field,
          message: `${textLength(value)} characters, longer than the usual ${usual}`,
        });
      }
    }
    if (entry.og_image !== undefined && /^[a-z][a-z0-9+.-]*:/i.test(entry.og_image)) {
      warnings.push({
        ...target,
        field: 'og_image',
        message: 'the service expects a relative path, not a URL',
      });
    }
    if (META_FIELDS.every((field) => entry[field] === undefined)) {
      warnings.push({ ...target, message: 'sets no field (nothing to do)' });
    }
    entries.push(entry);
  });

  return { entries: errors.length > 0 ? [] : entries, errors, warnings };
}

/** Validates and returns the entries, or throws a {@link DesiredMetaError} listing every problem. */
export function assertDesiredMeta(input: unknown, options: { file?: string } = {}): DesiredMetaValidation {
  const result = validateDesiredMeta(input);
  if (result.errors.length > 0) throw new DesiredMetaError(result.errors, options);
  return result;
}

/** File formats of desired meta. */
export type DesiredMetaFormat = 'json' | 'yaml';

/** `json` for `.json`, `yaml` for `.yaml` / `.yml`, undefined otherwise. */
export function formatFromPath(path: string): DesiredMetaFormat | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.yaml' || ext === '.yml') return 'yaml';
  return undefined;
}

/** Parses a desired-meta file's text (YAML without a format); a syntax error throws a {@link DesiredMetaError}. */
export function parseDesiredMetaText(text: string, format?: DesiredMetaFormat, file?: string): unknown {
  const options = file === undefined ? {} : { file };
  if (format === 'json') {
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw new DesiredMetaError([{ message: `not valid JSON: ${(cause as Error).message}` }], {
        ...options,
        cause,
      });
    }
  }
  try {
    // uniqueKeys: a key repeated in one entry is a mistake, not "last wins".
    return YAML.parse(text, { uniqueKeys: true, prettyErrors: true });
  } catch (cause) {
    throw new DesiredMetaError([{ message: `not valid YAML: ${(cause as Error).message}` }], {
      ...options,
      cause,
    });
  }
}

/** Desired meta loaded from a file. */
export interface LoadedDesiredMeta extends DesiredMetaValidation {
  file: string;
  format: DesiredMetaFormat;
}

/**
 * Reads, parses and validates a desired-meta file (`.json`, else YAML); throws a
 * {@link DesiredMetaError} when it cannot, or when any entry is invalid. Returns the warnings.
 */
export async function loadDesiredMetaFile(file: string): Promise<LoadedDesiredMeta> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const message = code === 'ENOENT' ? 'file not found' : `cannot read the file (${code ?? String(cause)})`;
    throw new DesiredMetaError([{ message }], { file, cause });
  }
  const format = formatFromPath(file) ?? 'yaml';
  const parsed = parseDesiredMetaText(text.replace(/^\uFEFF/, ''), format, file);
  return { file, format, ...assertDesiredMeta(parsed, { file }) };
}

/**
 * Writes entries as pretty JSON or unfolded YAML (one value per line, for readable diffs), fields in
 * the order md, id, ttl, dsc, kwd, og_title, og_image.
 */
export function serializeDesiredMeta(
  entries: readonly DesiredMetaEntry[],
  format: DesiredMetaFormat,
): string {
  const ordered = entries.map((entry) => {
    const out: Record<string, string | number> = { md: entry.md, id: entry.id };
    for (const field of META_FIELDS) {
      const value = entry[field];
      if (value !== undefined) out[field] = value;
    }
    return out;
  });
  if (format === 'json') return `${JSON.stringify(ordered, null, 2)}\n`;
  return YAML.stringify(ordered, { lineWidth: 0 });
}
