/**
 * The shortest secret a user may choose (the purge token, the preview secret). A secret is masked
 * wherever it stands in a text (redact.ts); a short one could be a word of the text, which masking
 * would hide, and is easier to guess. A leaf module.
 */
export const MIN_SECRET_LENGTH = 16;

/** Why the setting `name` is refused, naming it and never its value; undefined when it is unset or long enough. */
export function shortSecretProblem(name: string, value: string | undefined): string | undefined {
  if (!value || [...value].length >= MIN_SECRET_LENGTH) return undefined;
  return `${name} is shorter than ${MIN_SECRET_LENGTH} characters: set it to a longer random value (openssl rand -hex 16 prints 32 characters)`;
}
