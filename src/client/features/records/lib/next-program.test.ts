import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReturnProgram } from '../../../../shared/schemas/returns.ts';
import { nextProgramLink, nextProgramOfReturn } from './next-program.ts';

const program = (id: number, status: 'draft' | 'submitted' | null): ReturnProgram => ({
  program_id: id,
  program_name: `Program ${id}`,
  record_id: status === null ? null : 100 + id,
  record_status: status,
});

describe('the next program of a return', () => {
  const programs = [program(1, 'submitted'), program(2, null), program(3, 'submitted'), program(4, 'draft'), program(5, null)];

  it('is the next one in the return’s order without a submitted record', () => {
    expect(nextProgramOfReturn(programs, 1)?.program_id).toBe(2);
    expect(nextProgramOfReturn(programs, 2)?.program_id).toBe(4);
    expect(nextProgramOfReturn(programs, 4)?.program_id).toBe(5);
  });

  it('comes round to the start after the last, and is none when every other one is submitted', () => {
    expect(nextProgramOfReturn(programs, 5)?.program_id).toBe(2);
    expect(nextProgramOfReturn([program(1, null), program(2, 'submitted')], 1)).toBeNull();
    expect(nextProgramOfReturn([program(1, 'draft')], 1)).toBeNull();
  });

  it('starts from the top when the saved program is not expected in the return', () => {
    expect(nextProgramOfReturn(programs, 99)?.program_id).toBe(2);
  });

  it('is never the saved program nor a submitted one, and is found whenever another one is open', () => {
    const status = fc.constantFrom<'draft' | 'submitted' | null>('draft', 'submitted', null);
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 20 }), fc.nat(), (statuses, pick) => {
        const list = statuses.map((s, i) => program(i + 1, s));
        const saved = list[pick % list.length]!.program_id;
        const next = nextProgramOfReturn(list, saved);
        const open = list.filter((p) => p.program_id !== saved && p.record_status !== 'submitted');
        expect(next === null).toBe(open.length === 0);
        if (next) expect(open).toContain(next);
      }),
    );
  });

  it('opens the program’s record, or the new-record form chosen for it', () => {
    const newRecord = (id: number) => `/records/create?programId=${id}`;
    expect(nextProgramLink(program(4, 'draft'), newRecord)).toBe('/records/104');
    expect(nextProgramLink(program(2, null), newRecord)).toBe('/records/create?programId=2');
  });
});
