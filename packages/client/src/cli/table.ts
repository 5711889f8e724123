/** A plain-text table: each cell key-masked before it is cut (a key cut in two would escape), controls escaped. */
import { escapeControls } from '../text/shown-text.js';

const MAX_CELL = 40;

export function formatCell(v: unknown, mask: (text: string) => string = (text) => text): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Date) return v.toISOString().replace('T00:00:00.000Z', '').replace('.000Z', 'Z');
  if (Array.isArray(v)) {
    return escapeControls(mask(v.every((x) => typeof x !== 'object') ? v.join(', ') : String(v.length)));
  }
  const s = mask(String(v)).replace(/\s+/g, ' ').trim();
  return escapeControls([...s].length > MAX_CELL ? `${[...s].slice(0, MAX_CELL - 1).join('')}…` : s);
}

export function renderTable(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  mask?: (text: string) => string,
): string {
  const cells = rows.map((r) => columns.map((c) => formatCell(r[c], mask)));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => [...(row[i] ?? '')].length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => v + ' '.repeat((widths[i] ?? 0) - [...v].length))
      .join('  ')
      .trimEnd();
  return `${[line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')}\n`;
}
