/**
 * JSON-LD as the text of a `<script type="application/ld+json">`. The HTML parser ends a script at
 * the first `</script`, whatever the JSON around it means, so service text could otherwise close
 * the script and open markup of its own. `<`, `>` and `&` become JSON escapes (`\u003c`, …), which
 * parse to the same strings; U+2028 and U+2029 are escaped too, for consumers that read the block as
 * JavaScript, where they end a line.
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
