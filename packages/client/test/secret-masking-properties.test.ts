/**
 * `maskSecret` and `redactedPreview` as properties: any text around any secret, any cut. No piece of
 * 6 characters of the secret is left, and the rest of the text is left as it was, so a message stays
 * readable. The key may have any shape (6 characters and more here); the purge token and the preview
 * secret are 16 characters or more, a passphrase of words among them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskSecret, redactedPreview } from '../src/text/redact.js';
import {
  assertNoPiece,
  PIECE,
  pieceIn,
  secretArbitrary,
  secretForms,
  textArbitrary,
  userSecretArbitrary,
} from './helpers/secret-pieces.js';

/** A part of a text: ordinary text, or the secret in one of its forms and letter cases. */
type Part = { text: string } | { secret: true; form: number; letters: 'as is' | 'upper' | 'lower' };

/** Where a text cut inside the secret shows a piece of it: which form, and a length taken modulo the form's. */
type Edge = { form: number; length: number } | undefined;

/** A generated text: its parts, and the pieces it starts and ends with. */
interface GeneratedText {
  secret: string;
  parts: Part[];
  start: Edge;
  end: Edge;
}

/**
 * A text of parts joined by `|` (no secret holds one, so no occurrence spans two parts), which may
 * start with the end of a form and end with its start: the text was cut inside the secret.
 */
function maskedTextArbitrary(secrets: fc.Arbitrary<string>): fc.Arbitrary<GeneratedText> {
  return secrets.chain((secret) => {
    const forms = secretForms(secret);
    const ordinary = textArbitrary(40).filter(
      (text) => pieceIn(text, secret) === undefined && !/[?&]key=/i.test(text),
    );
    const part: fc.Arbitrary<Part> = fc.oneof(
      ordinary.map((text) => ({ text })),
      fc.record({
        secret: fc.constant(true as const),
        form: fc.nat(forms.length - 1),
        letters: fc.constantFrom('as is' as const, 'upper' as const, 'lower' as const),
      }),
    );
    const edge = fc.option(fc.record({ form: fc.nat(forms.length - 1), length: fc.nat() }), {
      nil: undefined,
    });
    return fc.record({
      secret: fc.constant(secret),
      parts: fc.array(part, { maxLength: 8 }),
      start: edge,
      end: edge,
    });
  });
}

/** The text the parts make, and the text masking must make of it. */
function textAndMasked({ secret, parts, start, end }: GeneratedText) {
  const forms = secretForms(secret);
  const lettered = (form: string, letters: string) =>
    letters === 'upper' ? form.toUpperCase() : letters === 'lower' ? form.toLowerCase() : form;
  const raw: string[] = [];
  const masked: string[] = [];
  const piece = (text: string) => {
    raw.push(text);
    masked.push(text.length >= PIECE ? '***' : text);
  };
  if (start) {
    const form = forms[start.form] as string;
    piece(form.slice(form.length - 1 - (start.length % (form.length - 1))));
  }
  for (const p of parts) {
    raw.push('text' in p ? p.text : lettered(forms[p.form] as string, p.letters));
    masked.push('text' in p ? p.text : '***');
  }
  if (end) {
    const form = forms[end.form] as string;
    piece(form.slice(0, 1 + (end.length % (form.length - 1))));
  }
  return { secret, text: raw.join('|'), masked: masked.join('|') };
}

/** The first `cut` code units of `text`, never half a surrogate pair. */
const head = (text: string, cut: number) =>
  text.slice(0, /[\ud800-\udbff]/.test(text[cut - 1] ?? '') ? cut - 1 : cut);

const SECRETS = {
  'an API key of any shape': secretArbitrary(PIECE),
  'a purge token or preview secret': userSecretArbitrary(),
};

describe.each(Object.entries(SECRETS))('masking %s', (_, secrets) => {
  const cases = maskedTextArbitrary(secrets).map(textAndMasked);

  it('maskSecret: every occurrence and every piece at an edge masked, the rest of the text as it was', () => {
    fc.assert(
      fc.property(cases, ({ secret, text, masked }) => {
        const out = maskSecret(text, secret);
        assertNoPiece(out, secret, 'maskSecret');
        expect(out).toBe(masked);
      }),
      { seed: 54, numRuns: 500 },
    );
  });

  it('redactedPreview: at any cut, the head of the masked text, with no piece left at the cut', () => {
    fc.assert(
      fc.property(cases, fc.nat(400), ({ secret, text, masked }, cut) => {
        const out = redactedPreview(text, cut, secret);
        assertNoPiece(out, secret, `redactedPreview at ${cut}`);
        expect(out).toBe(head(masked, cut));
      }),
      { seed: 54, numRuns: 500 },
    );
  });
});
