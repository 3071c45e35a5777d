import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { formatDay } from '../lib/format-day.ts';
import { dueAgainShown } from '../lib/return-due-text.ts';
import { RETURN_UI } from '../messages.ts';
import { OverdueBadge, ReturnStateBadge } from './return-state-badge.tsx';

const T = RETURN_UI.detail;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" fw={700}>
        {term}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** The return at a glance: whose, which period, when due, its state and its counts. */
export function ReturnSummary({ ret }: { ret: TermReturn }) {
  const dueAgain = dueAgainShown(ret);
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 5 }} spacing="md" m={0} data-testid="return-summary">
      <Fact term={T.institution}>{ret.institution_name}</Fact>
      <Fact term={T.period}>{`${ret.term} ${ret.fiscal_year}`}</Fact>
      <Fact term={T.due}>
        {/* A return sent back or reopened is due on its own date, not its period's (issue 30). */}
        {/* Never before the period's: once the period's due date moved past it, the two are one day, said once. */}
        {dueAgain && dueAgain !== ret.due_on
          ? T.dueAgain(formatDay(dueAgain), formatDay(ret.due_on))
          : formatDay(ret.due_again_on ?? ret.due_on)}
      </Fact>
      <Fact term={T.state}>
        <Group component="span" gap={6} wrap="wrap">
          <ReturnStateBadge state={ret.state} size="md" />
          {ret.overdue ? <OverdueBadge /> : null}
        </Group>
      </Fact>
      <Fact term={T.counts}>{T.countsValue(ret.reported, ret.submitted, ret.expected)}</Fact>
    </SimpleGrid>
  );
}
