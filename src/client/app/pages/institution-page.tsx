import { InstitutionPage } from '../../features/institutions/pages/institution-page.tsx';
import { InstitutionPrograms } from '../../features/programs/index.ts';

/**
 * `/institutions/{id}` with the institution's programs. The programs feature sits above the institutions feature (its
 * screens name institutions), so the institution's page cannot import it; the two meet here, above both (decision 039).
 */
export default function InstitutionWithProgramsPage() {
  return <InstitutionPage sections={(institution) => <InstitutionPrograms institution={institution} />} />;
}
