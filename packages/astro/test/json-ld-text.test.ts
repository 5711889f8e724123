import { describe, expect, it } from 'vitest';
import { jsonLdScriptText } from '../src/index.js';

const HOSTILE = '</script><script>alert(1)</script>';

describe('jsonLdScriptText', () => {
  it('keeps a hostile title from closing the script, and parses back to the same text', () => {
    const text = jsonLdScriptText({ '@type': 'Product', name: HOSTILE });
    expect(text).not.toMatch(/[<>]/);
    expect(text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual({ '@type': 'Product', name: HOSTILE });
  });

  it('escapes &, an HTML comment opener and the JavaScript line separators', () => {
    const value = { name: 'Salt & <!-- pepper -->', note: 'a\u2028b\u2029c' };
    const text = jsonLdScriptText(value);
    expect(text).toBe('{"name":"Salt \\u0026 \\u003c!-- pepper --\\u003e","note":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('leaves other text as JSON.stringify writes it', () => {
    const value = [{ price: 699, name: 'Smart “quotes” \\ back\nslash é 🎧' }];
    expect(jsonLdScriptText(value)).toBe(JSON.stringify(value));
  });

  it('refuses a value with no JSON form', () => {
    expect(() => jsonLdScriptText(undefined)).toThrow('jsonLdScriptText: the value has no JSON form');
  });
});
