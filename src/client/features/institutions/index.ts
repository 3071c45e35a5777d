/** What other features use from the institutions feature: the cached list of institutions. */
export { useInstitutions, type InstitutionSummary } from './api/get-institutions.ts';
