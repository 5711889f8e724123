/**
 * Where an editor's link goes (docs/architecture.md, "Preview"): the on-demand site's own route,
 * which checks the token and redirects to the record's page as the site builds its URL, so the CLI
 * that prints the link needs to know nothing of the site's URLs.
 */
import type { PreviewKind } from './preview-token.js';

/** The folder of the preview route the integration injects: `<folder>/<kind>/<id>`. */
export const PREVIEW_ROUTE_FOLDER = '/_sitecontent/preview';

/** The preview route's path for `kind` `id` (a section's `tx` encoded as one path segment). */
export function previewRoutePath(kind: PreviewKind, id: string): string {
  return `${PREVIEW_ROUTE_FOLDER}/${kind}/${encodeURIComponent(id)}`;
}
