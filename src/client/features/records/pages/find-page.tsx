import { Alert, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { recordQueryToSearch } from '../../../../shared/find-criteria-url.ts';
import { routeTitle } from '../../../ui/route-title.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import { CriteriaPage, useUrlRecordQuery } from '../components/criteria-page.tsx';

const T = RECORD_BROWSE_UI.find;

/**
 * `/records/find`: the search form. Opened with criteria in its URL ("Edit search"), it starts from them; a search
 * goes to `/records/find/findResults?<criteria>`, keeping the page size and sort the results were shown with.
 */
export default function FindPage() {
  const navigate = useNavigate();
  const url = useUrlRecordQuery();
  const { query, issues } = url;

  return (
    <CriteriaPage
      title={routeTitle('recordFind')}
      intro={T.intro}
      url={url}
      notice={
        issues.length > 0 ? (
          <Alert color="orange" variant="outline" icon={<IconInfoCircle aria-hidden="true" />} data-testid="url-problems">
            <Stack gap="xs">
              <Text fw={700}>{T.urlProblems}</Text>
              <Text size="sm">{T.urlProblemsBody}</Text>
              <List size="sm">
                {issues.map((issue) => (
                  <List.Item key={`${issue.name ?? ''}:${issue.message}`}>{issue.message}</List.Item>
                ))}
              </List>
            </Stack>
          </Alert>
        ) : null
      }
      onSearch={(criteria) => {
        const next = recordQueryToSearch({ criteria, page: 1, pageSize: query.pageSize, sort: query.sort }).toString();
        void navigate(`/records/find/findResults${next ? `?${next}` : ''}`);
      }}
    />
  );
}
