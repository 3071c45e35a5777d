import { describe, expect, it } from 'vitest';
import { wordList } from './word-list.ts';

describe('wordList', () => {
  it('names one, two and more items as a sentence does', () => {
    expect(wordList([])).toBe('');
    expect(wordList(['Fall'])).toBe('Fall');
    expect(wordList(['Summer', 'Fall'])).toBe('Summer and Fall');
    expect(wordList(['Summer', 'Fall', 'Spring'], 'or')).toBe('Summer, Fall or Spring');
  });
});
