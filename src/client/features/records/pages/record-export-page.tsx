import { Loader, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_RECORD_SORT } from '../../../../shared/schemas/record.ts';
import { hasCriteria, recordQueryToSearch } from '../../../../shared/find-criteria-url.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useProfile } from '../../session/index.ts';
import { useFindRecords } from '../api/find-records.ts';
import { DownloadPanel } from '../components/download-panel.tsx';
import { FindCriteriaForm } from '../components/find-criteria-form.tsx';
import { WithInstitutionsAndPrograms } from '../components/with-institutions-and-programs.tsx';
import { EXPORT_UI } from '../export-messages.ts';
import { criteriaToFindForm } from '../lib/find-form.ts';
import { salvageRecordQuery } from '../lib/salvage-query.ts';

const T = EXPORT_UI.records;

/**
 * `/records/recordExport` (app admins): the find criteria, kept in the URL so an export can be repeated and shared,
 * the number of matching records, then CSV or XLSX straight from the streaming export route.
 */
export default function RecordExportPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { profile } = useProfile();
  const search = params.toString();
  const { query } = useMemo(() => salvageRecordQuery(new URLSearchParams(search)), [search]);
  const initialValues = useMemo(() => criteriaToFindForm(query.criteria), [query]);
  const criteriaSearch = recordQueryToSearch({ criteria: query.criteria }).toString();
  const count = useFindRecords({ criteria: query.criteria, page: 1, pageSize: 1, sort: DEFAULT_RECORD_SORT });

  const total = count.data?.total;
  return (
    <Page title={routeTitle('recordExport')}>
      <Text maw="48rem">{T.intro}</Text>
      <WithInstitutionsAndPrograms>
        {({ institutions, programs }) => (
          <>
            <FindCriteriaForm
              key={search}
              initialValues={initialValues}
              institutions={institutions}
              programs={programs}
              privileges={profile.privileges}
              submitLabel={T.submit}
              onSearch={(criteria) => {
                const next = recordQueryToSearch({ criteria }).toString();
                void navigate(`/records/recordExport${next ? `?${next}` : ''}`, { replace: true });
              }}
            />
            <DownloadPanel
              disabled={!total}
              href={(format) => `/api/exports/records?format=${format}${criteriaSearch ? `&${criteriaSearch}` : ''}`}
              status={
                count.isPending ? (
                  <Group gap="xs">
                    <Loader size="xs" aria-hidden="true" />
                    <Text>{T.counting}</Text>
                  </Group>
                ) : count.error ? (
                  <LoadError message={count.error.message} onRetry={() => void count.refetch()} />
                ) : (
                  <Text fw={700} data-testid="export-count">
                    {hasCriteria(query.criteria) ? '' : `${T.allRecords}: `}
                    {total ? T.matching(total) : T.none}
                  </Text>
                )
              }
            />
          </>
        )}
      </WithInstitutionsAndPrograms>
    </Page>
  );
}
