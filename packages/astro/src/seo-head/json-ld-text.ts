/**
 * JSON-LD as `<script type="application/ld+json">` text: the HTML parser ends a script at the first
 * `</script`, so `<`, `>` and `&` become JSON escapes, which parse to the same strings; U+2028/9 too,
 * for readers that take it as JavaScript.
 */

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** `value` as JSON that cannot end or alter the `<script>` element it is written into. */
export function jsonLdScriptText(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('jsonLdScriptText: the value has no JSON form');
  return json.replace(UNSAFE_IN_SCRIPT, (char) => ESCAPES[char] ?? char);
}
