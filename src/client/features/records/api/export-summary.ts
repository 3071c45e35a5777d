import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recordQueryToSearch, type RecordCriteria } from '../../../../shared/find-criteria-url.ts';
import { ExportSummarySchema, type ExportSummary } from '../../../../shared/schemas/export.ts';
import { apiRequest, type QueryValue } from '../../../lib/api-client.ts';
import { EXPORT_UI } from '../export-messages.ts';

/** Which export: the records of some find criteria, or the CEWIL return of one fiscal year. */
export type ExportSummaryRequest =
  | { kind: 'records'; criteria: RecordCriteria; approvedOnly: boolean }
  | { kind: 'cewil'; fiscalYear: string; approvedOnly: boolean };

function queryOf(request: ExportSummaryRequest): Record<string, QueryValue> {
  const approvedOnly = request.approvedOnly ? { approvedOnly: 'true' } : {};
  if (request.kind === 'cewil') return { fiscalYear: request.fiscalYear, ...approvedOnly };
  const query: Record<string, string[]> = {};
  // The find criteria as a URL writes them, so the summary reads them as the export route will.
  for (const [name, value] of recordQueryToSearch({ criteria: request.criteria })) (query[name] ??= []).push(value);
  return { ...query, ...approvedOnly };
}

/**
 * `GET /api/exports/{records,cewil}/summary`: how many rows the file would hold, and how many returns of the chosen
 * periods are not approved (its count line), before the download. Kept while the next answer loads, so the count does
 * not blink when a choice changes.
 */
export function useExportSummary(request: ExportSummaryRequest) {
  return useQuery({
    queryKey: ['exports', 'summary', request],
    queryFn: ({ signal }): Promise<ExportSummary> =>
      apiRequest({
        path: `/api/exports/${request.kind}/summary`,
        query: queryOf(request),
        errorMessage: EXPORT_UI.summaryFailed,
        schema: ExportSummarySchema,
        signal,
      }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
