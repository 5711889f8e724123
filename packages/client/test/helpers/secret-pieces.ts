/**
 * Generated secrets of the shapes a key or a user's secret takes, and the check that no piece of
 * one is left in a text: the masking properties share them.
 */
import fc from 'fast-check';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
/**
 * Characters a URL encodes (`+` as `%2B`, a space as `%20`), so the encoded form differs from the raw
 * one. No `*`, which the mask is made of, and no `|`, which the tests put between a text's parts.
 */
const URL_SIGNS = '+/=%&?#@: ';

/** The shortest piece of a secret that must not be shown. */
export const PIECE = 6;

/** A secret of `minLength` to `maxLength` characters: letters only, letters and digits, or with URL signs. */
export function secretArbitrary(minLength: number, maxLength = 64): fc.Arbitrary<string> {
  const of = (chars: string) => fc.string({ unit: fc.constantFrom(...chars), minLength, maxLength });
  return fc.oneof(of(LETTERS), of(`${LETTERS}${DIGITS}-_`), of(`${LETTERS}${DIGITS}${URL_SIGNS}`));
}

/**
 * A user's secret of 16 characters or more, a generated one or a passphrase of words (which may
 * also be words of a message, as `wrong` and `token` are).
 */
export function userSecretArbitrary(): fc.Arbitrary<string> {
  const words = ['correct', 'horse', 'battery', 'staple', 'wrong', 'token', 'missing', 'purge', 'preview'];
  const passphrase = fc
    .array(fc.constantFrom(...words), { minLength: 3, maxLength: 6 })
    .map((chosen) => chosen.join('-'))
    .filter((phrase) => phrase.length >= 16);
  return fc.oneof(secretArbitrary(16), passphrase);
}

/** Text of up to `maxLength` units: the secrets' characters and words, other scripts, a surrogate pair, a newline. */
export function textArbitrary(maxLength: number): fc.Arbitrary<string> {
  const units = fc.oneof(
    fc.constantFrom(...`${LETTERS}${DIGITS}${URL_SIGNS}-_.,;`),
    fc.constantFrom('é', '中', '😀', '\n', 'wrong ', 'token ', 'missing or '),
  );
  return fc.string({ unit: units, maxLength });
}

/** The forms a secret is looked for in: raw and URL-encoded. */
export const secretForms = (secret: string): string[] => [...new Set([secret, encodeURIComponent(secret)])];

/** The first piece of `secret` (raw or URL-encoded) of {@link PIECE} characters that `text` holds, in any letter case. */
export function pieceIn(text: string, secret: string): string | undefined {
  const lower = text.toLowerCase();
  for (const form of secretForms(secret)) {
    for (let i = 0; i + PIECE <= form.length; i++) {
      const piece = form.slice(i, i + PIECE);
      if (lower.includes(piece.toLowerCase())) return piece;
    }
  }
  return undefined;
}

/** Fails, naming the piece and where it is, if `text` holds a piece of `secret`. */
export function assertNoPiece(text: string, secret: string, where: string): void {
  const piece = pieceIn(text, secret);
  if (piece !== undefined) throw new Error(`${where} holds "${piece}" of the secret: ${text.slice(0, 600)}`);
}
