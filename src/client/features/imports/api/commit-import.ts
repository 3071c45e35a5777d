import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportCommitSchema, type ImportCommit, type ImportRequest } from '../../../../shared/schemas/import.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { IMPORT_UI } from '../messages.ts';

/** POST /api/imports/commit: writes every row in one transaction, or none (400 when any row has an error). */
export function commitImport(body: ImportRequest): Promise<ImportCommit> {
  return apiRequest({
    path: '/api/imports/commit',
    method: 'POST',
    body,
    errorMessage: IMPORT_UI.errors.commit,
    schema: ImportCommitSchema,
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation<ImportCommit, ApiError | Error, ImportRequest>({
    mutationFn: commitImport,
    // Record lists, records and reports may all show what was imported.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'profile' }),
  });
}
