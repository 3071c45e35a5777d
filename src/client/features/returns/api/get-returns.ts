import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PeriodSchema,
  ReturnProgramSchema,
  TermReturnSchema,
  type Period,
  type ReturnProgram,
  type TermReturn,
} from '../../../../shared/schemas/returns.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { RETURN_UI } from '../messages.ts';

/** Every return query starts with this key, so an action invalidates the matrix and the return page at once. */
export const RETURNS_QUERY_KEY = ['returns'] as const;

export const periodsQueryOptions = queryOptions({
  queryKey: ['periods'] as const,
  queryFn: ({ signal }): Promise<Period[]> =>
    apiRequest({ path: '/api/periods', errorMessage: RETURN_UI.errors.periods, schema: z.array(PeriodSchema), signal }),
  staleTime: 60_000,
});

export function usePeriods() {
  return useQuery(periodsQueryOptions);
}

/** What the matrix asks the server for; the name and state filters narrow the answer in the browser. */
export interface ReturnsListFilter {
  fiscalYears: readonly string[];
  regions: readonly string[];
  institutionTypes: readonly string[];
}

/**
 * GET /api/returns?fiscalYear=…&region=…&institutionType=…: the returns of some fiscal years, of the institutions the
 * user may read; waits until the fiscal years are known.
 */
export function useReturns(filter: ReturnsListFilter | undefined) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'list', filter?.fiscalYears, filter?.regions, filter?.institutionTypes] as const,
    queryFn: ({ signal }): Promise<TermReturn[]> =>
      apiRequest({
        path: '/api/returns',
        query: {
          fiscalYear: filter!.fiscalYears.join(','),
          region: filter!.regions.length ? filter!.regions.join(',') : undefined,
          institutionType: filter!.institutionTypes.length ? filter!.institutionTypes.join(',') : undefined,
        },
        errorMessage: RETURN_UI.errors.returns,
        schema: z.array(TermReturnSchema),
        signal,
      }),
    enabled: filter !== undefined && filter.fiscalYears.length > 0,
  });
}

export function useReturn(id: number) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'one', id] as const,
    queryFn: ({ signal }): Promise<TermReturn> =>
      apiRequest({ path: `/api/returns/${id}`, errorMessage: RETURN_UI.errors.oneReturn, schema: TermReturnSchema, signal }),
  });
}

export function useReturnPrograms(id: number) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'programs', id] as const,
    queryFn: ({ signal }): Promise<ReturnProgram[]> =>
      apiRequest({
        path: `/api/returns/${id}/programs`,
        errorMessage: RETURN_UI.errors.programs,
        schema: z.array(ReturnProgramSchema),
        signal,
      }),
  });
}

/**
 * GET /api/returns?open=true: the returns of open periods (opened, and not all approved), of the institutions asked
 * for, or of every institution the user may read when none are.
 */
export function useOpenReturns(institutionIds: readonly number[] | 'readable', enabled = true) {
  const ids = institutionIds === 'readable' ? undefined : [...institutionIds].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'open', ids ?? 'readable'] as const,
    queryFn: ({ signal }): Promise<TermReturn[]> =>
      apiRequest({
        path: '/api/returns',
        query: { open: 'true', institutionIds: ids },
        errorMessage: RETURN_UI.errors.returns,
        schema: z.array(TermReturnSchema),
        signal,
      }),
    enabled: enabled && (ids === undefined || ids.length > 0),
  });
}

/** The return a record of this institution, fiscal year and term belongs to: null when its term has no period. */
export function useReturnOfTerm(key: { institutionId: number; fiscalYear: string; term: string } | null) {
  return useQuery({
    queryKey: [...RETURNS_QUERY_KEY, 'of-term', key?.institutionId, key?.fiscalYear, key?.term] as const,
    queryFn: async ({ signal }): Promise<TermReturn | null> => {
      const found = await apiRequest({
        path: '/api/returns',
        query: { fiscalYear: key!.fiscalYear, term: key!.term, institutionIds: key!.institutionId },
        errorMessage: RETURN_UI.errors.returns,
        schema: z.array(TermReturnSchema),
        signal,
      });
      return found[0] ?? null;
    },
    enabled: key !== null,
  });
}
