import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { InstitutionSchema, type Institution } from '../../../../shared/schemas/institution.ts';
import { notify } from '../../../lib/notifications.ts';
import { useEditVersion } from '../../../lib/stale-edit.ts';
import { DetailLoad, DetailPage, softDeleteActivation } from '../../../ui/detail-page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useInstitutions } from '../api/get-institutions.ts';
import { useSetInstitutionActive } from '../api/set-institution-active.ts';
import { useUpdateInstitution } from '../api/update-institution.ts';
import { InstitutionForm } from '../components/institution-form.tsx';
import { InstitutionRoleHolders } from '../components/institution-role-holders.tsx';
import { institutionToFormValues } from '../lib/institution-form-model.ts';
import { INSTITUTION_UI } from '../messages.ts';

const T = INSTITUTION_UI;

/** What other features show of an institution on its page, below its form (its programs). */
export type InstitutionSections = (institution: Institution) => ReactNode;

function InstitutionDetails({ institution, sections }: { institution: Institution; sections?: InstitutionSections }) {
  const update = useUpdateInstitution(institution.id);
  const version = useEditVersion(institution, InstitutionSchema, institutionToFormValues);
  const setActive = useSetInstitutionActive(institution.id);

  return (
    <DetailPage
      title={institution.name}
      name={institution.name}
      active={institution.active_ind}
      summary={[institution.short_name, institution.institution_type, institution.region].join(' · ')}
      activation={softDeleteActivation(T, setActive)}
      form={(deleteButton) => (
        <InstitutionForm
          key={institution.id}
          initialValues={institutionToFormValues(institution)}
          submitLabel={T.form.save}
          saving={update.isPending}
          cancelTo="/institutions"
          requireChanges
          onSave={async (body) => {
            const saved = await update.mutateAsync({ ...body, version: version.version });
            version.saved(saved);
            notify({ level: 'success', message: T.toast.saved });
            return { values: institutionToFormValues(saved) };
          }}
          theirsOnStale={version.theirs}
          secondaryAction={deleteButton}
        />
      )}
    >
      {sections?.(institution)}
      <InstitutionRoleHolders institution={institution} />
    </DetailPage>
  );
}

/**
 * `/institutions/{id}`: edit the institution, delete (inactive) or reactivate it, see who has access, and the
 * `sections` other features give it (app/pages/institution-page.tsx adds its programs: the programs feature sits above
 * this one, so the two meet in app/, decision 039).
 */
export function InstitutionPage({ sections }: { sections?: InstitutionSections }) {
  const id = Number(useParams().id);
  const institutions = useInstitutions({ fresh: true });
  const institution = institutions.data?.find((i) => i.id === id);
  return (
    <DetailLoad
      query={{
        // The cached list may predate the institution: wait for the server's before calling it missing.
        isPending: institutions.isPending || (!institutions.isError && !institution && institutions.isFetching),
        error: institutions.error,
        data: institution,
        refetch: institutions.refetch,
      }}
      title={routeTitle('institution')}
    >
      {(found) => <InstitutionDetails institution={found} sections={sections} />}
    </DetailLoad>
  );
}
