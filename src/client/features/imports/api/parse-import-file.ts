import { useMutation } from '@tanstack/react-query';
import { ERRORS } from '../../../../shared/messages.ts';
import { ApiErrorSchema } from '../../../../shared/schemas/api.ts';
import { ImportFileSchema, type ImportFile } from '../../../../shared/schemas/import.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { IMPORT_UI } from '../messages.ts';

/**
 * POST /api/imports/parse: the file's bytes as the body (the shared api client sends JSON only), answered with its
 * headings and rows. Failures become the same ApiError the api client raises, keeping the server's words.
 */
export async function parseImportFile(file: Blob, contentType: string, fileName: string): Promise<ImportFile> {
  let response: Response;
  try {
    response = await fetch(`/api/imports/parse?${new URLSearchParams({ fileName })}`, {
      method: 'POST',
      headers: { 'Content-Type': contentType, Accept: 'application/json' },
      credentials: 'same-origin',
      body: file,
    });
  } catch (error) {
    throw new ApiError(IMPORT_UI.errors.parse, { cause: error });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(body);
    throw new ApiError(response.status === 403 ? ERRORS.unauthorized : IMPORT_UI.errors.parse, {
      status: response.status,
      ...(parsed.success ? { serverMessage: parsed.data.message, fieldErrors: parsed.data.fieldErrors } : {}),
    });
  }
  const parsed = ImportFileSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(IMPORT_UI.errors.parse, { status: response.status, cause: parsed.error });
  return parsed.data;
}

export function useParseImportFile() {
  return useMutation<ImportFile, ApiError | Error, { file: Blob; contentType: string; fileName: string }>({
    mutationFn: ({ file, contentType, fileName }) => parseImportFile(file, contentType, fileName),
  });
}
