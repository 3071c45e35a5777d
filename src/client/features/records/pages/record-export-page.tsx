import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { hasCriteria, recordQueryToSearch } from '../../../../shared/find-criteria-url.ts';
import { routeTitle } from '../../../ui/route-title.ts';
import { useExportSummary } from '../api/export-summary.ts';
import { CriteriaPage, useUrlRecordQuery } from '../components/criteria-page.tsx';
import { CountStatus, DownloadPanel, NotFinalNote } from '../components/download-panel.tsx';
import { EXPORT_UI } from '../export-messages.ts';

const T = EXPORT_UI.records;

/**
 * `/records/recordExport` (app admins): the find criteria, kept in the URL so an export can be repeated and shared,
 * the number of matching records and how many returns of the chosen periods are not approved, then CSV or XLSX
 * straight from the streaming export route, with every record or those of approved returns only.
 */
export default function RecordExportPage() {
  const navigate = useNavigate();
  const url = useUrlRecordQuery();
  const { criteria } = url.query;
  const [approvedOnly, setApprovedOnly] = useState(false);
  const criteriaSearch = recordQueryToSearch({ criteria }).toString();
  const summary = useExportSummary({ kind: 'records', criteria, approvedOnly });
  const total = summary.data?.rows;
  const query = [criteriaSearch, approvedOnly ? 'approvedOnly=true' : ''].filter(Boolean).join('&');

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
          approvedOnly={approvedOnly}
          onApprovedOnly={setApprovedOnly}
          href={(format) => `/api/exports/records?format=${format}${query ? `&${query}` : ''}`}
          status={
            <CountStatus count={summary} counting={T.counting}>
              <Stack gap={4}>
                <Text fw={700} data-testid="export-count">
                  {hasCriteria(criteria) ? '' : `${T.allRecords}: `}
                  {total ? T.matching(total) : approvedOnly ? T.noneApproved : T.none}
                </Text>
                {summary.data ? <NotFinalNote summary={summary.data} approvedOnly={approvedOnly} /> : null}
              </Stack>
            </CountStatus>
          }
        />
      }
    />
  );
}
