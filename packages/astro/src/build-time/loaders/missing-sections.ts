import type { LoaderContext } from 'astro/loaders';

/** Record ids a warning names before it only counts the rest. */
const NAMED_IDS = 10;

/**
 * One warning for records whose section is not among the valid ones: they get `section: null` and
 * their default URL loses its section part, so their pages move without any other sign.
 */
export function warnSectionsMissing(
  logger: Pick<LoaderContext['logger'], 'warn'>,
  collection: string,
  records: readonly { id: number; catid: number }[],
): void {
  const orphans = records.filter((record) => record.catid > 0);
  if (orphans.length === 0) return;
  const catids = [...new Set(orphans.map((record) => record.catid))];
  const ids = orphans.slice(0, NAMED_IDS).map((record) => record.id);
  const more = orphans.length > NAMED_IDS ? ` and ${orphans.length - NAMED_IDS} more` : '';
  logger.warn(
    `${collection}: ${orphans.length} record(s) name a section the service did not send as valid (catid ${catids.slice(0, NAMED_IDS).join(', ')}${catids.length > NAMED_IDS ? ', …' : ''}): ${ids.join(', ')}${more}; they get no section, and the default URL no section path`,
  );
}
