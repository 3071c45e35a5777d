import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useInstitutions } from '../../institutions/index.ts';
import { describeReportParams } from '../lib/report-describe.ts';
import { REPORT_UI } from '../messages.ts';

const R = REPORT_UI.result;

/** The parameters a result was run with, in words, and the way back to change them. */
export function ReportParamsSummary({ search, changeHref }: { search: URLSearchParams; changeHref: string }) {
  const institutions = useInstitutions();
  const names = new Map((institutions.data ?? []).map((i) => [i.id, i.short_name]));
  const items = describeReportParams(search, (id) => names.get(id) ?? R.unknownInstitution(id));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="report-params-title" data-testid="report-params">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4" id="report-params-title">
            {R.parametersTitle}
          </Title>
          <Anchor component={Link} to={changeHref} className="no-print" fw={600}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconAdjustments size={18} aria-hidden="true" />
              {R.changeParameters}
            </Group>
          </Anchor>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing={6} m={0}>
          {items.map((item) => (
            <div key={item.label}>
              <Text component="dt" size="sm" fw={700}>
                {item.label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {item.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {R.submittedOnly}
          {search.get('approvedOnly') === 'true' ? ` ${R.approvedOnly}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
