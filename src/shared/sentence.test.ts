import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence.ts';

describe('asSentence', () => {
  it('adds a full stop only where the text does not end a sentence already', () => {
    expect(asSentence('Wrong totals')).toBe('Wrong totals.');
    expect(asSentence('Please correct and sign off again.')).toBe('Please correct and sign off again.');
    expect(asSentence('Did UVic ask?')).toBe('Did UVic ask?');
    expect(asSentence('Asked by phone!  ')).toBe('Asked by phone!');
    expect(asSentence('It said “sign off.”')).toBe('It said “sign off.”');
    expect(asSentence('(see the mail.)')).toBe('(see the mail.)');
    expect(asSentence('Figures for 2025/26')).toBe('Figures for 2025/26.');
    expect(asSentence('Waiting…')).toBe('Waiting…');
    expect(asSentence('')).toBe('');
  });

  it('ends any text with exactly one sentence end, and changes nothing it already ended', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const once = asSentence(text);
        expect(asSentence(once)).toBe(once);
        if (text.trim() !== '') {
          expect(once).toMatch(/[.!?…]["'”’)\]]*$/u);
          expect(once.startsWith(text.trimEnd())).toBe(true);
          expect(once.endsWith('..') && !text.trimEnd().endsWith('..')).toBe(false);
        }
      }),
    );
  });
});
