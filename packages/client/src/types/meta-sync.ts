/** Types of the meta write-back (META.md): plain JSON objects, so a plan can be stored and applied later. */

/** The writable meta fields, in the order they are shown and written (docs/interface.md: writable meta fields). */
export const META_FIELDS = ['ttl', 'dsc', 'kwd', 'og_title', 'og_image'] as const;

/** One writable meta field: `ttl` title, `dsc` description, `kwd` keywords, `og_title` og:description, `og_image`. */
export type MetaField = (typeof META_FIELDS)[number];

/** Values of some meta fields; a field that is absent is left alone. */
export type MetaValues = Partial<Record<MetaField, string>>;

/** The meta a page should have: its target (`md` + `id`) and the fields to enforce. */
export interface DesiredMetaEntry extends MetaValues {
  /** Module of the page: `goods` (product), `dir` (section), `blog` / `news` / `article` (article), … */
  md: string;
  /** Number of the product, section or article. */
  id: number;
}

/** One field that would change: the current value (`''` when the page has no meta yet) and the new one. */
export interface MetaChange {
  field: MetaField;
  from: string;
  to: string;
}

/** A page whose meta would change. */
export interface MetaPlanEntry {
  md: string;
  id: number;
  /** True when the page had no meta record at all (`meta/Get` answered `[]`). */
  created: boolean;
  changes: MetaChange[];
}

/** A target whose current meta could not be read while planning. */
export interface MetaTargetFailure {
  md: string;
  id: number;
  /** The error's message (URLs carry `key=***`, never the key). */
  reason: string;
  /** The error's `code` when it has one (e.g. `http_status`, `network`). */
  code?: string;
}

/** The result of {@link planMetaChanges}: only the pages that would change, plus counts. */
export interface MetaPlan {
  /** Format version of this object. */
  version: 1;
  /** Site number the plan was computed for, when the client exposes it. */
  sid?: number;
  /** ISO time the current meta was read. */
  createdAt: string;
  /** Pages that would change, in the order of the desired entries. */
  entries: MetaPlanEntry[];
  /** Targets whose current meta could not be read (not part of `entries`). */
  errors: MetaTargetFailure[];
  counts: {
    /** Desired entries considered. */
    targets: number;
    /** Pages that would change (`entries.length`). */
    changed: number;
    /** Pages already in the desired state. */
    unchanged: number;
    /** Sum of field changes over all entries. */
    fieldChanges: number;
    /** Targets that could not be read (`errors.length`). */
    errors: number;
  };
}

/** Outcome of one plan entry during {@link applyMetaPlan}. */
export type MetaApplyOutcome = 'updated' | 'unchanged' | 'failed';

export interface MetaApplyUpdated {
  md: string;
  id: number;
  /** Fields actually written (after re-reading the current values). */
  fields: MetaField[];
}

export interface MetaApplyUnchanged {
  md: string;
  id: number;
}

export interface MetaApplyFailure extends MetaTargetFailure {
  /** `read` when re-reading the current meta failed, `write` when `meta/Set` failed, `aborted` when never tried. */
  stage: 'read' | 'write' | 'aborted';
}

/** The result of {@link applyMetaPlan}. */
export interface MetaApplyReport {
  updated: MetaApplyUpdated[];
  unchanged: MetaApplyUnchanged[];
  failed: MetaApplyFailure[];
  /** True when the signal aborted the run before every entry was handled. */
  aborted: boolean;
  counts: { total: number; updated: number; unchanged: number; failed: number };
}

/** Progress event, sent once per plan entry when it is settled. */
export interface MetaApplyProgress {
  /** Entries settled so far (including this one). */
  done: number;
  total: number;
  md: string;
  id: number;
  outcome: MetaApplyOutcome;
  /** Failure reason when `outcome` is `failed`. */
  reason?: string;
}

/** Minimal view of a meta record as returned by `client.meta.get`. */
export interface CurrentMeta extends MetaValues {
  [extra: string]: unknown;
}

/** Per-call options passed through to the client (same shape as the client's `CallOptions`). */
export interface MetaCallOptions {
  signal?: AbortSignal;
}

/** What the planner and applier need from a client (`SiteContentClient`, or a fake in tests). */
export interface MetaSyncClient {
  readonly sid?: number;
  readonly meta: {
    get(md: string, id: number, opts?: MetaCallOptions): Promise<CurrentMeta | undefined>;
    update(md: string, id: number, fields: MetaValues, opts?: MetaCallOptions): Promise<unknown>;
  };
}

/** What {@link pullMeta} needs in addition: the read operations that list the pages. */
export interface MetaPullClient extends MetaSyncClient {
  readonly products: { list(filter?: undefined, opts?: MetaCallOptions): Promise<readonly { id: number }[]> };
  readonly sections: {
    list(
      filter?: undefined,
      opts?: MetaCallOptions,
    ): Promise<readonly { id: number; tx: string; par: string }[]>;
  };
  readonly articles: {
    list(filter?: undefined, opts?: MetaCallOptions): Promise<readonly { id: number; catid: number }[]>;
  };
}
