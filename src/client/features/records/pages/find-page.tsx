import { Alert, List, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { recordQueryToSearch } from '../../../../shared/find-criteria-url.ts';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { useProfile } from '../../session/index.ts';
import { RECORD_BROWSE_UI } from '../browse-messages.ts';
import { FindCriteriaForm } from '../components/find-criteria-form.tsx';
import { WithInstitutionsAndPrograms } from '../components/with-institutions-and-programs.tsx';
import { criteriaToFindForm } from '../lib/find-form.ts';
import { salvageRecordQuery } from '../lib/salvage-query.ts';

const T = RECORD_BROWSE_UI.find;

/**
 * `/records/find`: the search form. Opened with criteria in its URL ("Edit search"), it starts from them; a search
 * goes to `/records/find/findResults?<criteria>`, keeping the page size and sort the results were shown with.
 */
export default function FindPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { profile } = useProfile();
  const search = params.toString();
  const { query, issues } = useMemo(() => salvageRecordQuery(new URLSearchParams(search)), [search]);
  const initialValues = useMemo(() => criteriaToFindForm(query.criteria), [query]);

  return (
    <Page title={routeTitle('recordFind')}>
      <Text maw="48rem">{T.intro}</Text>
      <WithInstitutionsAndPrograms>
        {({ institutions, programs }) => (
          <FindCriteriaForm
            key={search}
            initialValues={initialValues}
            institutions={institutions}
            programs={programs}
            privileges={profile.privileges}
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
        )}
      </WithInstitutionsAndPrograms>
    </Page>
  );
}
