import { notify } from '../../../lib/notifications.ts';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useCreateInstitution } from '../api/create-institution.ts';
import { InstitutionForm } from '../components/institution-form.tsx';
import { EMPTY_INSTITUTION_FORM } from '../lib/institution-form-model.ts';
import { INSTITUTION_UI } from '../messages.ts';

/** `/institutions/create`: adds an institution (it starts active), then opens its page. */
export default function InstitutionCreatePage() {
  const create = useCreateInstitution();
  return (
    <Page title={routeTitle('institutionCreate')}>
      <InstitutionForm
        initialValues={EMPTY_INSTITUTION_FORM}
        submitLabel={INSTITUTION_UI.form.create}
        saving={create.isPending}
        cancelTo="/institutions"
        onSave={async (body) => {
          const id = await create.mutateAsync(body);
          notify({ level: 'success', message: INSTITUTION_UI.toast.created });
          return { navigateTo: `/institutions/${id}` };
        }}
      />
    </Page>
  );
}
