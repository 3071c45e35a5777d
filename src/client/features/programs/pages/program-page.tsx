import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { ProgramSchema, type Program } from '../../../../shared/schemas/program.ts';
import { notify } from '../../../lib/notifications.ts';
import { useEditVersion } from '../../../lib/stale-edit.ts';
import { DetailLoad, DetailPage, softDeleteActivation } from '../../../ui/detail-page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useProgram } from '../api/get-program.ts';
import { useSetProgramActive } from '../api/set-program-active.ts';
import { useUpdateProgram } from '../api/update-program.ts';
import { ProgramFacts } from '../components/program-facts.tsx';
import { ProgramForm } from '../components/program-form.tsx';
import { programToFormValues } from '../lib/program-form-model.ts';
import { PROGRAM_UI } from '../messages.ts';

const T = PROGRAM_UI;

function ProgramDetails({ program }: { program: Program }) {
  const institutions = useInstitutions();
  useErrorToast(institutions.error);
  const update = useUpdateProgram(program.id);
  const version = useEditVersion(program, ProgramSchema, programToFormValues);
  const setActive = useSetProgramActive(program.id);
  const institution = institutions.data?.find((i) => i.id === program.institution_id);
  const institutionLabel = institution
    ? `${institution.short_name} – ${institution.name}`
    : T.list.unknownInstitution(program.institution_id);

  return (
    <DetailPage
      title={program.name}
      name={program.name}
      active={program.active_ind}
      summary={[institution?.short_name, program.credential, program.wil_type].filter(Boolean).join(' · ')}
      activation={{
        ...softDeleteActivation(T, setActive),
        inactiveExtra: institution && !institution.active_ind ? <Text size="sm">{T.inactive.institutionInactive}</Text> : null,
      }}
      // Deleted: shown, not editable, until reactivated (Reactivate is in the notice above).
      form={(deleteButton) =>
        !program.active_ind ? (
          <ProgramFacts program={program} institutionLabel={institutionLabel} />
        ) : (
          <ProgramForm
            key={program.id}
            initialValues={programToFormValues(program)}
            institution={{ kind: 'fixed', label: institutionLabel, href: `/institutions/${program.institution_id}` }}
            submitLabel={T.form.save}
            saving={update.isPending}
            cancelTo="/programs"
            requireChanges
            onSave={async (body) => {
              // The server refuses moves: the institution is not sent.
              const { institution_id: _institution, ...patch } = body;
              const saved = await update.mutateAsync({ ...patch, version: version.version });
              version.saved(saved);
              notify({ level: 'success', message: T.toast.saved });
              return { values: programToFormValues(saved) };
            }}
            theirsOnStale={version.theirs}
            secondaryAction={deleteButton}
          />
        )
      }
    />
  );
}

/** `/programs/{id}`: edit the valid program and delete it (inactive); an inactive one is shown read only, to reactivate. */
export default function ProgramPage() {
  const program = useProgram(Number(useParams().id));
  return (
    <DetailLoad query={program} title={routeTitle('program')} loadFailed={T.loadFailed}>
      {(found) => <ProgramDetails program={found} />}
    </DetailLoad>
  );
}
