/** Items as a sentence names them: "Fall", "Summer and Fall", "Summer, Fall and Spring" (or "… or …"). */
export function wordList(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}
