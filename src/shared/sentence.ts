/**
 * Text someone typed (a reason, a note), ended as a sentence so that what follows it on the same line reads as a new
 * one: a full stop is added only when the text does not already end with one, a question or exclamation mark or an
 * ellipsis (before any closing quote or bracket). Without it, "Wrong totals" ran into "Due again on …", and
 * "…sign off." became "…sign off..".
 */
export function asSentence(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed === '' || /[.!?…]["'”’)\]]*$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}
