import { describe, expect, it } from 'vitest';
import { formatCell } from '../src/cli/table.js';
import {
  escapeControls,
  quotedText,
  SHOWN_TEXT_MAX,
  shownId,
  shownRecord,
  shownText,
} from '../src/text/shown-text.js';
import { ACTING } from './helpers/client.js';

describe('escapeControls', () => {
  it('writes control, separator and bidirectional characters as \\u escapes', () => {
    const hostile = 'a\u001b[2Jb\u001b]0;owned\u0007c\r\nd\u007fe\u009b31mf\u202eg\u2066h\u2028i\u0000';
    const shown = escapeControls(hostile);
    expect(shown).toBe(
      'a\\u001b[2Jb\\u001b]0;owned\\u0007c\\u000d\\u000ad\\u007fe\\u009b31mf\\u202eg\\u2066h\\u2028i\\u0000',
    );
    expect(ACTING.test(shown)).toBe(false);
  });

  it('leaves ordinary text of any script alone, emoji sequences included', () => {
    const text = 'Café — Телефон X, 手机 👩‍💻 «ok» 10 €';
    expect(escapeControls(text)).toBe(text);
  });
});

describe('shownText and quotedText', () => {
  it('cut long text to the limit, end it in …, and escape what they keep', () => {
    const long = `\u001b[31m${'x'.repeat(10_000)}`;
    const shown = shownText(long);
    expect(shown.startsWith('\\u001b[31m')).toBe(true);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThan(SHOWN_TEXT_MAX + 10);
    expect(shownText('short')).toBe('short');
    expect(quotedText('x'.repeat(50), 10)).toBe(`"${'x'.repeat(10)}"…`);
    expect(quotedText(' edge ')).toBe('" edge "');
    expect(quotedText('a\u009bb')).toBe('"a\\u009bb"');
  });

  it('never end in half a surrogate pair', () => {
    const text = `${'x'.repeat(9)}😀${'y'.repeat(10)}`;
    expect(shownText(text, 10)).toBe(`${'x'.repeat(9)}…`);
    expect(shownText(text, 11)).toBe(`${'x'.repeat(9)}😀…`);
  });

  it('name records by their id, inert and cut', () => {
    expect(shownRecord(12)).toBe('record 12');
    expect(shownRecord(undefined)).toBe('a record');
    expect(shownRecord('\u001b[2J')).toBe('record \\u001b[2J');
    expect(shownId('y'.repeat(1000))).toBe(`${'y'.repeat(64)}…`);
  });
});

describe('CLI table cells', () => {
  it('show the service text inert', () => {
    expect(formatCell('Phone\u001b]0;owned\u0007 X')).toBe('Phone\\u001b]0;owned\\u0007 X');
    expect(formatCell(['a\u009b', 'b'])).toBe('a\\u009b, b');
  });
});
