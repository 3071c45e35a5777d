import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { differingFields, mergeStale } from './stale-values.ts';

/** Form values as the detail forms hold them: text, a select's choice or null, a checkbox. */
const NAMES = ['name', 'choice', 'code', 'flag'] as const;
type Values = Record<(typeof NAMES)[number], string | boolean | null>;
const values: fc.Arbitrary<Values> = fc.record({
  name: fc.constantFrom('', 'Arts', 'Nursing'),
  choice: fc.constantFrom(null, 'Health', 'Other'),
  code: fc.constantFrom('', '11.0701', '52.0201'),
  flag: fc.boolean(),
});

describe('a stale save merged (decision 044)', () => {
  it('keeps every value the person changed and takes theirs everywhere else', () => {
    fc.assert(
      fc.property(values, values, values, (loaded, yours, theirs) => {
        const merged = mergeStale(yours, loaded, theirs);
        for (const name of NAMES) {
          const changedByMe = differingFields(yours, loaded, [name]).length > 0;
          expect(merged[name]).toBe(changedByMe ? yours[name] : theirs[name]);
        }
      }),
    );
  });

  it('never writes back a value of the version loaded over their change, unless the person chose it', () => {
    fc.assert(
      fc.property(values, values, values, (loaded, yours, theirs) => {
        const merged = mergeStale(yours, loaded, theirs);
        for (const name of differingFields(theirs, loaded, NAMES)) {
          const key = name as keyof Values;
          if (differingFields(yours, loaded, [key]).length === 0) expect(merged[key]).toBe(theirs[key]);
        }
      }),
    );
  });

  it('leaves the notice only the values the person changed to something other than theirs', () => {
    const loaded = { name: 'Arts', choice: 'Health', code: '', flag: false };
    const theirs = { name: 'Arts and Science', choice: 'Health', code: '11.0701', flag: false };
    const yours = { name: 'Arts', choice: 'Other', code: '11.0701', flag: false };
    const merged = mergeStale(yours, loaded, theirs);
    expect(merged).toEqual({ name: 'Arts and Science', choice: 'Other', code: '11.0701', flag: false });
    expect(differingFields(merged, theirs, NAMES)).toEqual(['choice']);
    // An empty text and no choice read the same: clearing a field the other person left empty changes nothing.
    expect(differingFields({ ...theirs, code: '' }, { ...theirs, code: null as never }, NAMES)).toEqual([]);
  });
});
