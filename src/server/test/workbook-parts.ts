import { listZipEntries, ZipReader } from '../modules/imports/zip-entries.ts';

/**
 * One part of a workbook file as XML text (xl/styles.xml, xl/workbook.xml, …), read with the import's own ZIP reader:
 * for what a reader like ExcelJS smooths over, such as a font that has no name.
 */
export function workbookPart(file: Buffer, name: string): string {
  const part = new ZipReader(file, listZipEntries(file)).read(name);
  if (!part) throw new Error(`The workbook has no ${name}`);
  return part.toString('utf8');
}

/** The `<font>` elements of a workbook's styles. */
export const fontsOf = (file: Buffer) => workbookPart(file, 'xl/styles.xml').match(/<font>.*?<\/font>/g) ?? [];
