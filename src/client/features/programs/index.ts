/** What other features use from the programs feature: the cached list of programs, and an institution's programs. */
export { usePrograms } from './api/get-programs.ts';
export { InstitutionPrograms } from './components/institution-programs.tsx';
