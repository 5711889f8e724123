import type { WireValue } from './encode.js';

/**
 * `--quirks reference`: the reference payloads' oddities as exact text: a trailing comma after every
 * non-empty array's and object's last item, and a product image's `image` key sent twice (same
 * value). Deterministic: same data, same bytes.
 */
export function serializeQuirks(value: WireValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[${value.map(serializeQuirks).join(',')},]`;
  }
  const members: string[] = [];
  const isImage = 'image' in value && 'image_small' in value && 'image_big' in value;
  for (const [key, member] of Object.entries(value)) {
    const text = `${JSON.stringify(key)}:${serializeQuirks(member)}`;
    members.push(text);
    if (isImage && key === 'image') members.push(text);
  }
  if (members.length === 0) return '{}';
  return `{${members.join(',')},}`;
}
