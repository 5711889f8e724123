/**
 * Which links of a built page came from the service's HTML (an editor's text, which the build
 * cannot change) and whose they are: the same link stands in a stored entry's HTML, since entries
 * are stored with their links already written as the pages show them (entries/site-links.ts).
 */
import type { ServiceHtmlEntry } from '../../project/open-projects.js';
import { extractLinks } from './link-audit.js';

/** `collection` and an entry's HTML fields: `txt` (its rendered body) and each `data` string holding a link. */
function* htmlFields(entry: ServiceHtmlEntry): Generator<[field: string, html: string]> {
  if (entry.rendered?.html) yield ['txt', entry.rendered.html];
  if (typeof entry.data !== 'object' || entry.data === null) return;
  for (const [field, value] of Object.entries(entry.data)) {
    if (typeof value === 'string' && /href/i.test(value)) yield [field, value];
  }
}

/** How a message names the record: `articles 3, field txt`. */
function describeOwner(collection: string, entry: ServiceHtmlEntry, field: string): string {
  const id = (entry.data as { id?: unknown } | undefined)?.id ?? entry.id;
  return `${collection} ${String(id)}, field ${field}`;
}

/**
 * A lookup from a link (`href` as a page writes it, decoded) to the first record whose HTML has it,
 * made on the first question: a build without a broken link never reads the stores.
 */
export function serviceLinkOwners(
  sources: readonly (readonly [collection: string, entries: () => Iterable<ServiceHtmlEntry>])[],
): (href: string) => string | undefined {
  let owners: Map<string, string> | undefined;
  return (href) => {
    if (!owners) {
      const found = new Map<string, string>();
      for (const [collection, entries] of sources) {
        for (const entry of entries()) {
          for (const [field, html] of htmlFields(entry)) {
            for (const link of extractLinks(html))
              if (!found.has(link)) found.set(link, describeOwner(collection, entry, field));
          }
        }
      }
      owners = found;
    }
    return owners.get(href);
  };
}
