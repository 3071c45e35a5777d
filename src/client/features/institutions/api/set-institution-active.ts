import { ERRORS } from '../../../../shared/messages.ts';
import { InstitutionSchema, type Institution } from '../../../../shared/schemas/institution.ts';
import { updateCachedRow } from '../../../lib/saved-item.ts';
import { defineSoftDelete } from '../../../lib/soft-delete.ts';
import { INSTITUTIONS_QUERY_KEY } from './get-institutions.ts';
import { storeSavedInstitution } from './update-institution.ts';

const softDelete = defineSoftDelete<Institution>({
  path: (id) => `/api/institutions/${id}`,
  schema: InstitutionSchema,
  errors: {
    delete: ERRORS.institutions.delete,
    notDeleted: ERRORS.institutions.couldNotDelete,
    reactivate: ERRORS.institutions.edit,
  },
  storeSaved: storeSavedInstitution,
  // The institution page finds its institution in the list: mark the cached row, then have the list confirmed.
  markCached: async (queryClient, id, active) => {
    updateCachedRow<Institution>(queryClient, INSTITUTIONS_QUERY_KEY, id, (row) => ({ ...row, active_ind: active }));
    await queryClient.invalidateQueries({ queryKey: INSTITUTIONS_QUERY_KEY });
  },
});

/** A delete's answer, checked: "Could not delete institution" unless it names this id, now inactive. */
export const checkDeleted = softDelete.checkDeleted;

/** Soft delete (`false`: nothing is physically deleted) or reactivate (`true`) the institution. */
export const useSetInstitutionActive = softDelete.useSetActive;
