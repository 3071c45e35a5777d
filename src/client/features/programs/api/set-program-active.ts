import { ERRORS } from '../../../../shared/messages.ts';
import { ProgramSchema, type Program } from '../../../../shared/schemas/program.ts';
import { defineSoftDelete } from '../../../lib/soft-delete.ts';
import { programQueryKey } from './get-program.ts';
import { PROGRAMS_QUERY_KEY } from './get-programs.ts';
import { storeSavedProgram } from './update-program.ts';

const softDelete = defineSoftDelete<Program>({
  path: (id) => `/api/programs/${id}`,
  schema: ProgramSchema,
  errors: { delete: ERRORS.programs.remove, notDeleted: ERRORS.programs.remove, reactivate: ERRORS.programs.update },
  storeSaved: storeSavedProgram,
  // The program page reads its own entry: mark it, then have it and the list confirmed.
  markCached: async (queryClient, id, active) => {
    queryClient.setQueryData<Program>(programQueryKey(id), (program) => (program ? { ...program, active_ind: active } : program));
    await queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY });
  },
});

/** A removal's answer, checked: "Failed to remove program" unless it names this id, now inactive. */
export const checkRemoved = softDelete.checkDeleted;

/** Remove (`false`: the program is marked inactive, nothing is deleted) or reactivate (`true`) the program. */
export const useSetProgramActive = softDelete.useSetActive;
