/**
 * The conditional read (docs/architecture.md, "The conditional read"): a load without a warning
 * leaves a digest of every answer its entries were made of; the next load that finds the same one,
 * with every cached meta still fresh, keeps the stored entries. A load that warned leaves none, so
 * the next one warns again.
 */
import type { LoaderContext } from 'astro/loaders';
import { setMetaIfChanged } from '../staging/sync-item.js';

/** Key, in a collection's meta store, of the digest of the answers its stored entries were made of. */
export const ANSWERS_META_KEY = 'sitecontent:answers';

type AnswerContext = Pick<LoaderContext, 'meta' | 'generateDigest'>;

export class AnswerRecord {
  readonly #ctx: AnswerContext;
  readonly #fingerprint: string;
  #digest: string | undefined;
  #warned = false;

  /** `fingerprint`: the loader's version and options, as every entry digest has it. */
  constructor(ctx: AnswerContext, fingerprint: string) {
    this.#ctx = ctx;
    this.#fingerprint = fingerprint;
  }

  /** Whether `answers` are what the stored entries were made of; kept either way, for the commit. */
  unchanged(answers: Readonly<Record<string, string>>): boolean {
    this.#digest = this.#ctx.generateDigest(`${this.#fingerprint}\n${JSON.stringify(answers)}`);
    return this.#ctx.meta.get(ANSWERS_META_KEY) === this.#digest;
  }

  /** The load logs a warning the answers alone would not bring back: the next load reads every record. */
  warned(): void {
    this.#warned = true;
  }

  /** Records the answers of a load that committed; one that named none, or warned, leaves none. */
  commit(): void {
    if (!this.#warned && this.#digest !== undefined) {
      setMetaIfChanged(this.#ctx.meta, ANSWERS_META_KEY, this.#digest);
    } else if (this.#ctx.meta.has(ANSWERS_META_KEY)) {
      this.#ctx.meta.delete(ANSWERS_META_KEY);
    }
  }
}
