import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DEFAULT_RECORD_SORT } from '../../../../shared/schemas/record.ts';
import { hasCriteria, recordQueryToSearch } from '../../../../shared/find-criteria-url.ts';
import { routeTitle } from '../../../ui/route-title.ts';
import { useFindRecords } from '../api/find-records.ts';
import { CriteriaPage, useUrlRecordQuery } from '../components/criteria-page.tsx';
import { CountStatus, DownloadPanel } from '../components/download-panel.tsx';
import { EXPORT_UI } from '../export-messages.ts';

const T = EXPORT_UI.records;

/**
 * `/records/recordExport` (app admins): the find criteria, kept in the URL so an export can be repeated and shared,
 * the number of matching records, then CSV or XLSX straight from the streaming export route.
 */
export default function RecordExportPage() {
  const navigate = useNavigate();
  const url = useUrlRecordQuery();
  const { criteria } = url.query;
  const criteriaSearch = recordQueryToSearch({ criteria }).toString();
  const count = useFindRecords({ criteria, page: 1, pageSize: 1, sort: DEFAULT_RECORD_SORT });
  const total = count.data?.total;

  return (
    <CriteriaPage
      title={routeTitle('recordExport')}
      intro={T.intro}
      url={url}
      submitLabel={T.submit}
      onSearch={(next) => {
        const search = recordQueryToSearch({ criteria: next }).toString();
        void navigate(`/records/recordExport${search ? `?${search}` : ''}`, { replace: true });
      }}
      after={
        <DownloadPanel
          disabled={!total}
          href={(format) => `/api/exports/records?format=${format}${criteriaSearch ? `&${criteriaSearch}` : ''}`}
          status={
            <CountStatus count={count} counting={T.counting}>
              <Text fw={700} data-testid="export-count">
                {hasCriteria(criteria) ? '' : `${T.allRecords}: `}
                {total ? T.matching(total) : T.none}
              </Text>
            </CountStatus>
          }
        />
      }
    />
  );
}
