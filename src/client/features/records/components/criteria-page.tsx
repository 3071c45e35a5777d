import { Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { RecordCriteria } from '../../../../shared/find-criteria-url.ts';
import { Page } from '../../../ui/page.tsx';
import { useProfile } from '../../session/index.ts';
import { criteriaToFindForm } from '../lib/find-form.ts';
import { salvageRecordQuery } from '../lib/salvage-query.ts';
import { FindCriteriaForm } from './find-criteria-form.tsx';
import { WithInstitutionsAndPrograms } from './with-institutions-and-programs.tsx';

/** The record query in the page's URL, read as far as it can be, and the find form's values for its criteria. */
export function useUrlRecordQuery() {
  const [params] = useSearchParams();
  const search = params.toString();
  const salvaged = useMemo(() => salvageRecordQuery(new URLSearchParams(search)), [search]);
  const initialValues = useMemo(() => criteriaToFindForm(salvaged.query.criteria), [salvaged.query]);
  return { search, ...salvaged, initialValues };
}

export interface CriteriaPageProps {
  title: string;
  intro: string;
  /** The URL's query (useUrlRecordQuery): the form starts from its criteria, afresh whenever it changes. */
  url: ReturnType<typeof useUrlRecordQuery>;
  /** Called with checked criteria; the page turns them into its next URL. */
  onSearch: (criteria: RecordCriteria) => void;
  submitLabel?: string;
  /** Shown above the form. */
  notice?: ReactNode;
  /** Shown below the form (the export's download panel). */
  after?: ReactNode;
}

/** A screen built on the find criteria (Find records, Export records): title, introduction, the form, what follows. */
export function CriteriaPage({ title, intro, url, onSearch, submitLabel, notice, after }: CriteriaPageProps) {
  const { profile } = useProfile();
  return (
    <Page title={title}>
      <Text maw="48rem">{intro}</Text>
      <WithInstitutionsAndPrograms>
        {({ institutions, programs }) => (
          <>
            <FindCriteriaForm
              key={url.search}
              initialValues={url.initialValues}
              institutions={institutions}
              programs={programs}
              privileges={profile.privileges}
              submitLabel={submitLabel}
              notice={notice}
              onSearch={onSearch}
            />
            {after}
          </>
        )}
      </WithInstitutionsAndPrograms>
    </Page>
  );
}
