import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, zodIssues } from './validation-errors.ts';
import { FindCriteriaSchema } from '../shared/schemas/find-criteria.ts';

describe('the one form of a 400', () => {
  it('says a sentence once per field, however many checks a value breaks with it', () => {
    // 1e308 is neither a safe integer nor at most 1,000,000: two checks, one sentence.
    const parsed = FindCriteriaSchema.safeParse({ placedMax: 1e308 });
    expect(parsed.success).toBe(false);
    const { message, fieldErrors } = fieldErrorsOf(zodIssues(parsed.error!.issues), 'body');
    expect(fieldErrors).toEqual({ placedMax: ['placedMax must be a whole number from 0 to 1000000'] });
    expect(message).toBe('The body is not valid: placedMax: placedMax must be a whole number from 0 to 1000000');
  });

  it('keeps different sentences of one field, in order', () => {
    const issue = (message: string) => ({ instancePath: '/name', keyword: 'custom', message });
    expect(fieldErrorsOf([issue('first'), issue('second'), issue('first')], 'body').fieldErrors).toEqual({
      name: ['first', 'second'],
    });
  });
});
