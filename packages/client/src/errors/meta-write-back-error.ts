import type { MetaApplyReport, MetaPlan } from '../types/meta-sync.js';

/** Some pages could not be read or written during a write-back. */
export class MetaWriteBackError extends Error {
  override readonly name = 'MetaWriteBackError';
  readonly code = 'meta_write_back_failed';
  readonly plan: MetaPlan;
  readonly report: MetaApplyReport | undefined;

  constructor(message: string, plan: MetaPlan, report?: MetaApplyReport, options?: { cause?: unknown }) {
    super(message, options);
    this.plan = plan;
    this.report = report;
  }
}
