// Which records the shop shows. A record with `shw` = 0 is hidden, and so is everything under a
// hidden section: its subsections, products and articles live at URLs below the hidden section's
// and would be pages with a broken trail. Plain functions of the entries' data, so a test can call
// them without Astro.

interface SectionData {
  tx: string;
  par: string;
  shw: boolean;
}

/** The `tx` of every section that is shown: its own `shw` and every ancestor's is set. */
export function shownSections(sections: readonly { data: SectionData }[]): Set<string> {
  const byTx = new Map(sections.map((s) => [s.data.tx, s.data]));
  const shown = new Map<string, boolean>();
  const isShown = (section: SectionData, path: Set<string>): boolean => {
    const known = shown.get(section.tx);
    if (known !== undefined) return known;
    const parent = section.par ? byTx.get(section.par) : undefined;
    // A root, or a parent the collection does not hold (or a loop in the data): only its own flag.
    const result = section.shw && (!parent || path.has(parent.tx) || isShown(parent, path.add(section.tx)));
    shown.set(section.tx, result);
    return result;
  };
  return new Set(sections.filter((s) => isShown(s.data, new Set())).map((s) => s.data.tx));
}

/**
 * Whether a product or article is shown: its own `shw` is set, and its section (by `tx`), when the
 * collection holds it, is shown.
 */
export function isShownIn(
  record: { shw: boolean },
  sectionTx: string | undefined,
  allSections: ReadonlySet<string>,
  shown: ReadonlySet<string>,
): boolean {
  if (!record.shw) return false;
  return sectionTx === undefined || !allSections.has(sectionTx) || shown.has(sectionTx);
}
