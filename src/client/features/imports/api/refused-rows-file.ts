import { useMutation } from '@tanstack/react-query';
import { ImportRefusedRowsSchema, type ImportRefusedRows, type ImportRequest } from '../../../../shared/schemas/import.ts';
import { apiRequest, type ApiError } from '../../../lib/api-client.ts';
import { IMPORT_UI } from '../messages.ts';

/** POST /api/imports/refused-rows: the rows the check refuses, as CSV text with a column saying why. */
export function refusedRowsFile(body: ImportRequest): Promise<ImportRefusedRows> {
  return apiRequest({
    path: '/api/imports/refused-rows',
    method: 'POST',
    body,
    errorMessage: IMPORT_UI.errors.refusedRows,
    schema: ImportRefusedRowsSchema,
  });
}

/** Hands the browser a file to save, as a download link would. */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useRefusedRowsFile() {
  return useMutation<ImportRefusedRows, ApiError | Error, ImportRequest>({
    mutationFn: refusedRowsFile,
    onSuccess: ({ fileName, csv }) => saveTextFile(fileName, csv, 'text/csv;charset=utf-8'),
  });
}
