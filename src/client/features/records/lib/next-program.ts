import type { ReturnProgram } from '../../../../shared/schemas/returns.ts';

/**
 * After saving a record of a term return, the program to go on with: the next expected program, in the return page's
 * order, that has no submitted record yet (none, or a draft), coming round to the start when the saved one was
 * last. Null when every other program has a submitted record.
 */
export function nextProgramOfReturn(programs: readonly ReturnProgram[], savedProgramId: number): ReturnProgram | null {
  const at = programs.findIndex((p) => p.program_id === savedProgramId);
  const after = [...programs.slice(at + 1), ...programs.slice(0, Math.max(at, 0))];
  return after.find((p) => p.program_id !== savedProgramId && p.record_status !== 'submitted') ?? null;
}

/** Where the next program opens: its record of the term, or the new-record form chosen for it (`newRecord`). */
export function nextProgramLink(program: ReturnProgram, newRecord: (programId: number) => string): string {
  return program.record_id !== null ? `/records/${program.record_id}` : newRecord(program.program_id);
}
