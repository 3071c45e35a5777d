import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { compareValues, parseId } from '../../../ui/list-state.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useErrorToast } from '../../../ui/use-error-toast.ts';
import { useInstitutions } from '../../institutions/index.ts';
import { useCreateProgram } from '../api/create-program.ts';
import { ProgramForm } from '../components/program-form.tsx';
import { emptyProgramForm } from '../lib/program-form-model.ts';
import { PROGRAM_UI } from '../messages.ts';

/**
 * `/programs/create`: adds a valid program (it starts active) under an active institution, then opens its page.
 * `?institutionId=` chooses the institution in advance (the institution page's "Add a program").
 */
export default function ProgramCreatePage() {
  const [params] = useSearchParams();
  const institutions = useInstitutions();
  useErrorToast(institutions.error);
  const create = useCreateProgram();

  const options = useMemo(
    () =>
      (institutions.data ?? [])
        .filter((i) => i.active_ind)
        .sort((a, b) => compareValues(a.short_name, b.short_name))
        .map((i) => ({ id: i.id, label: `${i.short_name} – ${i.name}` })),
    [institutions.data],
  );

  if (institutions.isPending) return <PageSkeleton />;
  const title = routeTitle('programCreate');
  if (institutions.isError) {
    return (
      <Page title={title}>
        <LoadError message={institutions.error.message} onRetry={() => void institutions.refetch()} />
      </Page>
    );
  }
  const asked = parseId(params.get('institutionId'));
  const preset = asked !== null && options.some((o) => o.id === asked) ? asked : null;

  return (
    <Page title={title}>
      <ProgramForm
        initialValues={emptyProgramForm(preset)}
        institution={{ kind: 'choose', options }}
        submitLabel={PROGRAM_UI.form.create}
        saving={create.isPending}
        cancelTo={preset === null ? '/programs' : `/institutions/${preset}`}
        onSave={async (body) => {
          const id = await create.mutateAsync(body);
          notify({ level: 'success', message: PROGRAM_UI.toast.created });
          return { navigateTo: `/programs/${id}` };
        }}
      />
    </Page>
  );
}
