import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PastImportSchema } from '../../../../shared/schemas/import.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { IMPORT_UI } from '../messages.ts';

export const PAST_IMPORTS_KEY = ['imports'] as const;

/** GET /api/imports: the latest committed imports the person may know of. */
export function usePastImports() {
  return useQuery({
    queryKey: PAST_IMPORTS_KEY,
    queryFn: () => apiRequest({ path: '/api/imports', errorMessage: IMPORT_UI.errors.past, schema: z.array(PastImportSchema) }),
  });
}

/** Where a kept file downloads from (a plain link: the browser saves it). */
export const keptFileHref = (id: number) => `/api/imports/files/${id}`;
