import fc from 'fast-check';

/**
 * Cell texts of every kind, for the tests of each reader of figures (the import's, the grid's): anything at all,
 * number-like text mixing digits, separators and dollar signs, and numbers as a Canadian locale writes them.
 */
export const figureTexts = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('1', '0', '9', ',', ' ', '\u00a0', '.', '-', '$', 'C', 'A', 'D') }),
  fc.integer({ min: -1e7, max: 1e7 }).map((n) => n.toLocaleString('en-CA')),
);
