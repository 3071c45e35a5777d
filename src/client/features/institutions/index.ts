/** What other parts of the client may use from the institutions feature. */
export {
  INSTITUTIONS_QUERY_KEY,
  getInstitutions,
  institutionsQueryOptions,
  useInstitutions,
  type InstitutionSummary,
} from './api/get-institutions.ts';
