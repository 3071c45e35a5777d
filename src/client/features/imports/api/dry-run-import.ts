import { useMutation } from '@tanstack/react-query';
import { ImportDryRunSchema, type ImportDryRun, type ImportRequest } from '../../../../shared/schemas/import.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { IMPORT_UI } from '../messages.ts';

/** POST /api/imports/dry-run: what the import would do with each row; writes nothing. */
export function dryRunImport(body: ImportRequest): Promise<ImportDryRun> {
  return apiRequest({
    path: '/api/imports/dry-run',
    method: 'POST',
    body,
    errorMessage: IMPORT_UI.errors.dryRun,
    schema: ImportDryRunSchema,
  });
}

export function useDryRunImport() {
  return useMutation<ImportDryRun, ApiError | Error, ImportRequest>({ mutationFn: dryRunImport });
}
