import { useQuery } from '@tanstack/react-query';
import { ReturnFiguresSchema, type ReturnFigures } from '../../../../shared/schemas/returns.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RETURN_UI } from '../messages.ts';
import { RETURNS_QUERY_KEY } from './get-returns.ts';

/** GET /api/returns/{id}/figures: the term's key figures beside last year and the term before (issue 30). */
export function useReturnFigures(id: number) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'figures', id] as const,
    queryFn: ({ signal }): Promise<ReturnFigures> =>
      apiRequest({
        path: `/api/returns/${id}/figures`,
        errorMessage: RETURN_UI.errors.figures,
        schema: ReturnFiguresSchema,
        signal,
      }),
  });
}
