/**
 * One object per distinct value of the small parts that repeat across entries (an empty `extra` or
 * `seo`, a section reference, a shared `dt`). devalue, which serializes the data store, writes an
 * object once and refers to it by index after, and the build inlines that store into the module
 * pages import at a high cost in peak RSS per byte (bench/report.md, "Peak RSS"): sharing makes each
 * repeat an index, with no entry's value changed. Only leaf objects and `Date`s are shared (devalue
 * already writes strings and numbers once by value), per field, until a field shows more than
 * `MAX_DISTINCT` values: those do not repeat.
 */

/** Most distinct values a field may show and still be shared. */
const MAX_DISTINCT = 1024;
/** Nesting depth walked: entry fields, their array items and the objects inside those. */
const MAX_DEPTH = 3;

type PlainObject = Record<string, unknown>;
/** A part that may be shared: a leaf object or a `Date`. */
type Part = PlainObject | Date;

function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isLeaf(value: PlainObject): boolean {
  for (const key in value) {
    const v = value[key];
    if (v !== null && typeof v === 'object') return false;
  }
  return true;
}

export class RepeatedParts {
  /** Field path → its shared values by their JSON (a `Date` by its time); `null` once too many to share. */
  readonly #fields = new Map<string, Map<string | number, Part> | null>();

  /** Replaces repeated parts of `data` (in place) with the one shared object of that value. */
  share(data: PlainObject): void {
    this.#walk(data, '', 1);
  }

  #walk(parent: PlainObject | unknown[], path: string, depth: number): void {
    const isArray = Array.isArray(parent);
    const keys = isArray ? parent.keys() : Object.keys(parent);
    for (const key of keys) {
      const value = (parent as PlainObject)[key as string];
      if (value === null || typeof value !== 'object') continue;
      const field = isArray ? `${path}[]` : `${path}.${key}`;
      if (Array.isArray(value)) {
        if (depth < MAX_DEPTH) this.#walk(value, field, depth + 1);
      } else if (value instanceof Date) {
        (parent as PlainObject)[key as string] = this.#shared(field, value);
      } else if (isPlainObject(value)) {
        if (isLeaf(value)) (parent as PlainObject)[key as string] = this.#shared(field, value);
        else if (depth < MAX_DEPTH) this.#walk(value, field, depth + 1);
      }
    }
  }

  #shared<T extends Part>(field: string, value: T): T {
    let pool = this.#fields.get(field);
    if (pool === null) return value;
    if (pool === undefined) {
      pool = new Map();
      this.#fields.set(field, pool);
    }
    const key = value instanceof Date ? value.getTime() : JSON.stringify(value);
    const known = pool.get(key);
    if (known !== undefined) return known as T;
    if (pool.size >= MAX_DISTINCT) {
      this.#fields.set(field, null);
      return value;
    }
    pool.set(key, value);
    return value;
  }
}
