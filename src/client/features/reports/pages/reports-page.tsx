import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { REPORT_MENU_LABELS } from '../../../../shared/navigation.ts';
import { Page } from '../../../ui/page.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { reportParamsHref } from '../lib/report-params.ts';
import { REPORT_ORDER, REPORT_UI } from '../messages.ts';
import '../reports.css';

const T = REPORT_UI.index;

/** `/reports`: the ten reports, each with the menu's label, what it answers, and a link to its parameters. */
export default function ReportsPage() {
  return (
    <Page title={routeTitle('reports')}>
      <Text maw="48rem">{T.intro}</Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" className="report-index" aria-label={T.listLabel}>
        {REPORT_ORDER.map((type) => (
          <Paper component="li" key={type} withBorder p="md" radius="md" className="report-index-item">
            <Stack gap={6}>
              <Title order={2} fz="lg">
                <Anchor
                  component={Link}
                  to={reportParamsHref(type)}
                  className="report-index-link"
                  data-testid={`report-link-${type}`}
                >
                  {REPORT_MENU_LABELS[type]}
                  <IconChevronRight size={18} aria-hidden="true" className="report-index-chevron" />
                </Anchor>
              </Title>
              <Text size="sm">{REPORT_UI.answers[type]}</Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Page>
  );
}
