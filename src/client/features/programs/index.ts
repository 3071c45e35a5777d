/** What other features use from the programs feature: the cached list of programs. */
export { usePrograms } from './api/get-programs.ts';
