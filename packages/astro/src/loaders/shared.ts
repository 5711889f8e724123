/** Small pieces the collection loaders share. */
import type { Section } from '@sitecontent/client';
import { sanitizeHtml } from '../sanitize.js';

/** Sanitizes when `enabled`, else returns the HTML unchanged. */
export function html(text: string, enabled: boolean): string {
  return enabled ? sanitizeHtml(text) : text;
}

/** Stable text of an option that may be a function, for digests (a changed function changes entries). */
export function optionFingerprint(value: unknown): unknown {
  return typeof value === 'function' ? `fn:${value.toString()}` : value;
}

/** The `catid`/`cattx` list filter (`goods/Get`, `article/Get`), leaving out the ones not given. */
export function catalogFilter(filter: { catid?: number; cattx?: string } | undefined): {
  catid?: number;
  cattx?: string;
} {
  return {
    ...(filter?.catid === undefined ? {} : { catid: filter.catid }),
    ...(filter?.cattx === undefined ? {} : { cattx: filter.cattx }),
  };
}

/** Resolves the `md` module of a record. */
export function moduleOf<R>(metaModule: string | ((record: R) => string), record: R): string {
  return typeof metaModule === 'function' ? metaModule(record) : metaModule;
}

/** Sections by `tx` and by `id`, built once per load. */
export interface SectionIndex {
  byTx: Map<string, Section>;
  byId: Map<number, Section>;
}

export function indexSections(sections: readonly Section[]): SectionIndex {
  const byTx = new Map<string, Section>();
  const byId = new Map<number, Section>();
  for (const s of sections) {
    byTx.set(s.tx, s);
    byId.set(s.id, s);
  }
  return { byTx, byId };
}
