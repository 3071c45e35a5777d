import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportType } from '../../../../shared/reports.ts';
import { ReportSchema, type Report } from '../../../../shared/schemas/report.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { REPORT_UI } from '../messages.ts';

export const REPORTS_QUERY_KEY = ['reports'] as const;

/**
 * GET /api/reports/{type} with the report parameters of a query string (already limited to REPORT_PARAM_NAMES,
 * lists comma-separated). 403 becomes "Unauthorized"; a refused parameter keeps the server's field errors.
 */
export function getReport(type: ReportType, search: URLSearchParams, signal?: AbortSignal): Promise<Report> {
  return apiRequest({
    path: `/api/reports/${type}`,
    query: Object.fromEntries(search),
    errorMessage: REPORT_UI.loadFailed,
    schema: ReportSchema,
    ...(signal ? { signal } : {}),
  });
}

export function reportQueryOptions(type: ReportType, search: URLSearchParams) {
  return queryOptions({
    queryKey: [...REPORTS_QUERY_KEY, type, search.toString()],
    queryFn: ({ signal }) => getReport(type, search, signal),
    staleTime: 60_000,
  });
}

export function useReport(type: ReportType, search: URLSearchParams) {
  return useQuery(reportQueryOptions(type, search));
}
