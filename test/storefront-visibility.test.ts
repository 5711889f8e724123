// Which records the storefront gives a page (example-site/src/lib/visible.ts): hidden records get
// none, and neither does anything under a hidden section, as example-site/README.md says.
import { describe, expect, it } from 'vitest';
import { isShownIn, shownSections } from '../example-site/src/lib/visible.js';

const section = (tx: string, par: string, shw = true) => ({ data: { tx, par, shw } });

const sections = [
  section('catalog', ''),
  section('phones', 'catalog'),
  section('archive', 'catalog', false),
  section('old-phones', 'archive'), // shown itself, under a hidden section
  section('older', 'old-phones'),
  section('orphan', 'missing-parent'),
  section('loop-a', 'loop-b'),
  section('loop-b', 'loop-a'),
];
const every = new Set(sections.map((s) => s.data.tx));
const shown = shownSections(sections);

describe('storefront visibility', () => {
  it('shows a section only when it and every section above it are shown', () => {
    expect([...shown].sort()).toEqual(['catalog', 'loop-a', 'loop-b', 'orphan', 'phones']);
  });

  it('hides a product or article that is hidden, or that sits under a hidden section', () => {
    expect(isShownIn({ shw: true }, 'phones', every, shown)).toBe(true);
    expect(isShownIn({ shw: false }, 'phones', every, shown)).toBe(false);
    expect(isShownIn({ shw: true }, 'archive', every, shown)).toBe(false);
    expect(isShownIn({ shw: true }, 'older', every, shown)).toBe(false);
  });

  it('shows a record whose section the collection does not hold, or that has none', () => {
    expect(isShownIn({ shw: true }, 'not-loaded', every, shown)).toBe(true);
    expect(isShownIn({ shw: true }, undefined, every, shown)).toBe(true);
  });
});
