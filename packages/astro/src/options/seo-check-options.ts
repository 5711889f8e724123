/** The `seoCheck` option of `siteContent()`. */
import { z } from 'zod';

/** `off`: no check; `warn`: log the pages at fault; `fail`: log them and fail the build. */
export type SeoCheckMode = 'off' | 'warn' | 'fail';

export const seoCheckModeSchema = z.enum(['off', 'warn', 'fail']);
