import { REPORT_FLAG_LEGEND } from './reports.ts';

/**
 * The lines a download writes under its table to say what is not final (issue 30): how many returns of the chosen
 * periods are not approved, and what the Flag column's marks mean. The export screens show the same count line before
 * the download, and the import knows these lines for what they are (`isDownloadNote`), so an exported file imports
 * back as it is.
 */

export interface ReturnsCount {
  /** The returns of the chosen periods (fiscal years × terms, of the chosen institutions). */
  returns: number;
  /** How many of them are not approved. */
  notApproved: number;
}

const number = (n: number) => n.toLocaleString('en-CA');
const returnsWord = (n: number) => (n === 1 ? 'return' : 'returns');

/**
 * The count line: "3 of 25 returns of the chosen periods are not approved: their figures are preliminary (p)." With
 * `approvedOnly`, those returns' records are left out of the file, and the line says so instead.
 */
export function returnsCountLine({ returns, notApproved }: ReturnsCount, approvedOnly = false): string {
  if (returns === 0) {
    return approvedOnly
      ? 'Approved returns only: the chosen periods have no term return, so no record is included.'
      : 'The chosen periods have no term return: their records are preliminary (p).';
  }
  const of = `${number(notApproved)} of ${number(returns)} ${returnsWord(returns)} of the chosen periods`;
  const are = notApproved === 1 ? 'is' : 'are';
  if (approvedOnly) {
    return notApproved === 0
      ? `Approved returns only: ${returns === 1 ? 'the 1 return' : `all ${number(returns)} returns`} of the chosen periods ${returns === 1 ? 'is' : 'are'} approved.`
      : `Approved returns only: ${of} ${are} not approved; their records are left out.`;
  }
  if (notApproved === 0) {
    return `${returns === 1 ? 'The 1 return' : `All ${number(returns)} returns`} of the chosen periods ${returns === 1 ? 'is' : 'are'} approved.`;
  }
  return `${of} ${are} not approved: ${notApproved === 1 ? 'its' : 'their'} figures are preliminary (p).`;
}

/** What the Flag column's marks mean, in the reports' own words. */
export const FLAG_LEGEND = REPORT_FLAG_LEGEND;

/** The notes under an export's table: the count line, then the legend of the Flag column. */
export const exportNotes = (count: ReturnsCount, approvedOnly: boolean): string[] => [
  returnsCountLine(count, approvedOnly),
  FLAG_LEGEND,
];

/** Numbers as the lines write them (1,234 too), so that one shape stands for every count. */
const shapeOf = (text: string) => text.replace(/\d[\d,]*\d|\d/g, '#');

/** Every shape a count line takes, from the function that writes them: none is written in a second place. */
const NOTE_SHAPES = new Set<string>([
  FLAG_LEGEND,
  ...[false, true].flatMap((approvedOnly) =>
    [0, 1, 2].flatMap((returns) =>
      [0, 1, 2]
        .filter((n) => n <= returns)
        .map((notApproved) => shapeOf(returnsCountLine({ returns, notApproved }, approvedOnly))),
    ),
  ),
]);

/** No note is shorter than this, so a short cell is not even looked at. */
const SHORTEST_NOTE = Math.min(...[...NOTE_SHAPES].map((shape) => shape.length));

/**
 * Whether a row of an uploaded file is one of these notes: its first cell is exactly such a line (whatever its
 * numbers) and every other cell is empty.
 */
export function isDownloadNote(cells: readonly string[]): boolean {
  // Asked of every row an import reads: the other cells first, as a row of data has one filled and stops it there.
  for (let i = 1; i < cells.length; i++) if (cells[i]!.trim() !== '') return false;
  const first = cells[0];
  return first !== undefined && first.length >= SHORTEST_NOTE && NOTE_SHAPES.has(shapeOf(first.trim()));
}
