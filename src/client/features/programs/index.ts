/** What other parts of the client may use from the programs feature. */
export { PROGRAMS_QUERY_KEY, getPrograms, programsQueryOptions, usePrograms } from './api/get-programs.ts';
