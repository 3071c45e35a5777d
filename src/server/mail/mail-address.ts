/**
 * Plain mail addresses (`name@example.ca`): the only form the app puts in a mail header it builds. No display name,
 * comments, quoting or angle brackets, and no whitespace or control character, so a value read from the settings or
 * from a user's profile can never add a header line (header injection) or a second recipient.
 */

/** Letters, digits and the common punctuation of a local part; a host of dot-separated labels with a letter TLD. */
const PLAIN_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** At most what SMTP allows for a whole address (RFC 5321 §4.5.3.1.3). */
const MAX_ADDRESS = 254;

/** Why `value` is not a plain address, or null when it is one. */
export function plainAddressProblem(value: string): string | null {
  if (/[\r\n]/.test(value)) return 'must be one address on one line (it has a line break)';
  if (value.length > MAX_ADDRESS) return `must be at most ${MAX_ADDRESS} characters`;
  if (!PLAIN_ADDRESS.test(value)) return 'must be a plain address like wil@example.ca, with no name or brackets';
  return null;
}

export const isPlainAddress = (value: string): boolean => plainAddressProblem(value) === null;

/**
 * A person's name as it may stand beside their address in a header: control characters (line breaks among them) and
 * the characters that delimit addresses removed, spaces folded, at most 80 characters. The mail library encodes the
 * rest; empty when nothing is left.
 */
export function headerSafeName(name: string): string {
  return name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>"\\,;:@()[\]]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
}
