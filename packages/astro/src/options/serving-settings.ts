/**
 * What a server of on-demand pages is set up with: the integration writes it into one generated
 * module (build-time/integration/on-demand-setup.ts), which parses it here once, on import; the
 * middleware and every route the integration injects import that module. A production server runs
 * no integration hook, so the URL style travels with the settings.
 */
import { z } from 'zod';
import { onDemandOptionsSchema } from './on-demand-options.js';
import { parseOptions } from './parse-options.js';

export const urlStyleSchema = z.strictObject({
  trailingSlash: z.enum(['always', 'never', 'ignore']),
  format: z.enum(['directory', 'file', 'preserve']),
  base: z.string().startsWith('/').endsWith('/').optional(),
});

export const servingSettingsSchema = z.strictObject({
  onDemand: onDemandOptionsSchema,
  urlStyle: urlStyleSchema,
});

/** The server's settings, checked and with every default in. */
export type ServingSettings = z.output<typeof servingSettingsSchema>;

/** `written` checked once: the generated settings module's default export. */
export function servingSettings(written: unknown): ServingSettings {
  return parseOptions('siteContent({ onDemand })', servingSettingsSchema, written);
}
