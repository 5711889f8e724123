// The Markdown bench/versus.mjs prints: one table row per measured number, then every pair.
import { fmtMs } from './stats.mjs';
import { NO_WORSE_RATIO } from './versus-pairs.mjs';

/** @typedef {ReturnType<typeof import('./versus-pairs.mjs').rowOf>} Row */

const fmtRatio = (/** @type {number} */ r) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '–');

/** @param {{ commit: string, uncommittedFiles: number }} side */
const fmtCommit = (side) =>
  `\`${side.commit}\`${side.uncommittedFiles ? ` (${side.uncommittedFiles} ${side.uncommittedFiles === 1 ? 'file' : 'files'} uncommitted)` : ''}`;

/** @param {Row} row */
function tableLine(row) {
  const { summary: s } = row;
  const ratio = s.pairs
    ? `${fmtRatio(s.ratio.median)} (${fmtRatio(s.ratio.min)}–${fmtRatio(s.ratio.max)})`
    : '–';
  const slower = s.pairs ? `${s.slowerNow} of ${s.pairs}` : '–';
  return `| ${row.label} | ${fmtMs(s.base.median)} | ${fmtMs(s.now.median)} | ${ratio} | ${slower} | **${row.verdict}** |`;
}

/** @param {Row} row */
function pairsLine(row) {
  const pairs = row.pairs.map(
    (p, i) =>
      `${i + 1}. ${fmtRatio(p.ratio)} (base ${fmtMs(p.base)}, now ${fmtMs(p.now)}; ${p.order[0]} first)`,
  );
  return `- ${row.label}: ${pairs.join('; ') || 'no pair measured'}`;
}

/**
 * @param {{ meta: any, rows: Row[], errors: { label: string, message: string }[] }} results
 * @returns {string}
 */
export function renderVersus({ meta, rows, errors }) {
  const band = Math.round((NO_WORSE_RATIO - 1) * 100);
  const lines = [
    '## Now against base: the loaders alone and the 1 % change rebuild',
    '',
    `Base ${fmtCommit(meta.base)}, now ${fmtCommit(meta.now)}; ${meta.size.toLocaleString('en')} products ` +
      `(modifications: ${meta.modsSize.toLocaleString('en')}), ${meta.pairs} pair(s); ` +
      `Node ${meta.node}, ${meta.cpus}; ${(meta.totalMs / 60_000).toFixed(1)} min.`,
    '',
    'Each pair is one run of each side back to back, each in a fresh process of its own checkout, against ' +
      'the same emulator; the order flips every pair (base first in pairs 1, 3, …). One warm-up run of ' +
      "each side comes before the pairs (for whole builds, each pair's cold builds). Ratio: now ÷ base " +
      `within each pair, below 1 when now is faster. Verdict: **no worse** when the median ratio is at most ${NO_WORSE_RATIO.toFixed(2)} ` +
      `(a ${band} % band for the noise of a shared machine), **slower** above it.`,
    '',
    '| Scenario | Base (median) | Now (median) | Now ÷ base: median (min–max) | Pairs slower now | Verdict |',
    '|---|---:|---:|---:|---:|---|',
    ...rows.map(tableLine),
    '',
    '### Every pair',
    '',
    ...rows.map(pairsLine),
  ];
  if (errors.length) {
    lines.push('', '### Failed runs', '', ...errors.map((e) => `- ${e.label}: ${e.message.split('\n')[0]}`));
  }
  return `${lines.join('\n')}\n`;
}
