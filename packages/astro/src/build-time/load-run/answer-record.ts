/**
 * The conditional read of a collection (docs/architecture.md, "The conditional read"). A load that went
 * through without a warning leaves, in the collection's meta store, a digest of every answer its
 * entries were made of (the loader version and options, the bodies of `goods/Get` and `dir/Get`
 * as sent, the site's origins). The next load that finds the same digest, and every page's cached
 * meta still fresh, keeps the stored entries as they are: no record is typed, digested or built.
 *
 * A load with a warning (an invalid record skipped, a product without a section) leaves no digest:
 * the next one reads every record again, so that it warns again.
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

  /**
   * Whether `answers` (digests and values, by name) are what the stored entries were made of. They
   * are kept either way, to be recorded at commit.
   */
  unchanged(answers: Readonly<Record<string, string>>): boolean {
    this.#digest = this.#ctx.generateDigest(`${this.#fingerprint}\n${JSON.stringify(answers)}`);
    return this.#ctx.meta.get(ANSWERS_META_KEY) === this.#digest;
  }

  /** The load logs a warning the answers alone would not bring back: the next load reads every record. */
  warned(): void {
    this.#warned = true;
  }

  /**
   * Records the answers of a load that committed. A load that did not name its answers, or warned,
   * leaves none, and the next load reads every record.
   */
  commit(): void {
    if (!this.#warned && this.#digest !== undefined) {
      setMetaIfChanged(this.#ctx.meta, ANSWERS_META_KEY, this.#digest);
    } else if (this.#ctx.meta.has(ANSWERS_META_KEY)) {
      this.#ctx.meta.delete(ANSWERS_META_KEY);
    }
  }
}
