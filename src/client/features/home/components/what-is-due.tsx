import { Anchor, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RETURN_STATES } from '../../../../shared/reporting-cycle.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import {
  OverdueBadge,
  RETURN_UI,
  ReturnStateBadge,
  dueAgainShown,
  formatDay,
  formatInstant,
  onBehalfNotes,
  returnedNotice,
  shortReason,
  useOpenReturns,
} from '../../returns/index.ts';
import {
  dueInstitutionIds,
  institutionDue,
  percentOf,
  provinceProgress,
  seesProvinceProgress,
  type InstitutionDue,
  type PeriodProgress,
} from '../lib/what-is-due.ts';
import { HOME_UI } from '../messages.ts';

const T = HOME_UI.due;

const periodOf = (r: Pick<TermReturn, 'term' | 'fiscal_year'>) => T.period(r.term, r.fiscal_year);

function Loading() {
  return (
    <Stack gap={6}>
      <Skeleton height={18} width="60%" />
      <Skeleton height={18} width="40%" />
    </Stack>
  );
}

/**
 * One return of the person's institutions: which, its state, its counts, when due (its own date once sent back or
 * reopened), what an app admin did on the institution's behalf and why, and the way to it.
 */
function DueReturn({ ret }: { ret: TermReturn }) {
  const dueAgain = dueAgainShown(ret);
  const notes = onBehalfNotes(ret, (action) => RETURN_UI.historyActions[action] ?? action);
  const returned = returnedNotice(ret);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="due-return" data-overdue={ret.overdue || undefined}>
      <Stack gap={6}>
        <Anchor component={Link} to={`/returns/${ret.id}`} fw={700}>
          {T.returnLink(ret.institution_name, periodOf(ret))}
        </Anchor>
        <Group gap="xs" wrap="wrap">
          <ReturnStateBadge state={ret.state} />
          {ret.overdue ? <OverdueBadge /> : null}
        </Group>
        {/* Two lines in every card: side by side they shared a line or not by a few pixels of the date's width. */}
        <Text size="sm">{T.reported(ret.reported, ret.expected)}</Text>
        <Text size="sm" fw={ret.overdue ? 700 : undefined} c={ret.overdue ? 'red.9' : undefined}>
          {dueAgain ? T.dueAgain(formatDay(dueAgain)) : T.dueOn(formatDay(ret.due_again_on ?? ret.due_on))}
        </Text>
        {/* Why it is open again, shortened: the return page shows the whole reason, who and when. */}
        {returned ? (
          <Text size="sm" fw={600} data-testid="due-returned" style={{ overflowWrap: 'anywhere' }}>
            {T.returned(returned.action, shortReason(returned.reason))}
          </Text>
        ) : null}
        {notes.map((note) => (
          <Text key={note.id} size="sm" data-testid="due-on-behalf">
            {T.onBehalfNote(note.text, formatInstant(note.at))}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** The person's open returns: a line saying what is left (or that nothing is), then each return. */
export function InstitutionDueList({ due }: { due: InstitutionDue }) {
  return (
    <Stack gap="sm" data-testid="due-mine">
      {due.toFinish === 0 ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCircleCheck size={20} aria-hidden="true" color="var(--mantine-color-green-8)" />
          <Text>{T.nothingDue}</Text>
        </Group>
      ) : (
        <Text fw={due.overdue > 0 ? 700 : undefined}>{T.mineSummary(due.toFinish, due.overdue)}</Text>
      )}
      {due.returns.length > 0 ? (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {due.returns.map((ret) => (
            <DueReturn key={ret.id} ret={ret} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/** Each open period's return of the person's institutions. */
function InstitutionReturns({ institutionIds }: { institutionIds: number[] }) {
  const open = useOpenReturns(institutionIds);
  if (open.isPending) return <Loading />;
  if (open.isError) return <LoadError message={open.error.message} detail={T.loadFailed} onRetry={() => void open.refetch()} />;
  return <InstitutionDueList due={institutionDue(open.data, institutionIds)} />;
}

/** One open period across the province: how many have signed off, how many are approved, by state, and who is late. */
export function PeriodProgressCard({ progress }: { progress: PeriodProgress }) {
  const period = T.period(progress.term, progress.fiscalYear);
  const approvedShare = percentOf(progress.approved, progress.total);
  const submittedShare = percentOf(progress.done, progress.total) - approvedShare;
  return (
    <Paper withBorder radius="md" p="md" data-testid="due-province-period">
      <Stack gap="sm">
        <Title order={4} fz="lg">
          {T.periodTitle(period, formatDay(progress.dueOn))}
        </Title>
        <Group gap="md" wrap="wrap" align="baseline">
          <Text fw={700} fz="lg" data-testid="due-progress-line">
            {T.done(progress.done, progress.total)}
          </Text>
          <Text>{T.approved(progress.approved)}</Text>
        </Group>
        <Progress.Root size="lg" aria-hidden="true">
          <Progress.Section value={approvedShare} color="green.8" />
          <Progress.Section value={submittedShare} color="teal.5" />
        </Progress.Root>
        <Group gap="sm" wrap="wrap" aria-label={T.stateCounts} role="group" data-testid="due-state-counts">
          {RETURN_STATES.filter((s) => progress.byState[s] > 0).map((s) => (
            <Group key={s} gap={4} wrap="nowrap">
              <ReturnStateBadge state={s} />
              <Text size="sm" fw={700}>
                {progress.byState[s]}
              </Text>
            </Group>
          ))}
        </Group>
        <Title order={5} fz="md">
          {T.overdueTitle(progress.overdue.length)}
        </Title>
        {progress.overdue.length === 0 ? (
          <Text size="sm">{T.noOverdue}</Text>
        ) : (
          <Group component="ul" gap="sm" wrap="wrap" m={0} p={0} style={{ listStyle: 'none' }} data-testid="due-overdue">
            {progress.overdue.map((ret) => (
              <li key={ret.id}>
                <Anchor
                  component={Link}
                  to={`/returns/${ret.id}`}
                  size="sm"
                  aria-label={T.overdueLink(ret.institution_name, period)}
                >
                  {ret.institution_name}
                </Anchor>
              </li>
            ))}
          </Group>
        )}
        <Anchor component={Link} to={`/returns?fiscalYear=${encodeURIComponent(progress.fiscalYear)}`} size="sm" fw={600}>
          {T.matrix}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** App admins and global readers: every open period's progress across the province. */
function ProvinceProgress() {
  const open = useOpenReturns('readable');
  if (open.isPending) return <Loading />;
  if (open.isError) return <LoadError message={open.error.message} detail={T.loadFailed} onRetry={() => void open.refetch()} />;
  const periods = provinceProgress(open.data);
  return (
    <Stack gap="sm" data-testid="due-province">
      {periods.length === 0 ? (
        <>
          <Text>{T.noOpenPeriods}</Text>
          <Anchor component={Link} to="/returns" size="sm" fw={600}>
            {T.matrix}
          </Anchor>
        </>
      ) : (
        periods.map((p) => <PeriodProgressCard key={p.periodId} progress={p} />)
      )}
    </Stack>
  );
}

/**
 * Whether "What is due" is still waiting for its returns (the same queries it asks). The home page keeps the sections
 * under it back until then: drawn at once they would be pushed down when the returns arrive (layout shift, issue 21).
 */
export function useWhatIsDueLoading(profile: Profile): boolean {
  const institutionIds = dueInstitutionIds(profile);
  const mine = useOpenReturns(institutionIds);
  const province = useOpenReturns('readable', seesProvinceProgress(profile));
  return mine.isLoading || province.isLoading;
}

/**
 * "What is due": for those with privileges on some institutions, those institutions' open returns; for those who read
 * every institution, the province's progress.
 */
export function WhatIsDue({ profile }: { profile: Profile }) {
  const institutionIds = dueInstitutionIds(profile);
  const province = seesProvinceProgress(profile);
  if (institutionIds.length === 0 && !province) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="home-due">
      <Title order={2} fz="h3" id="home-due">
        {T.title}
      </Title>
      {institutionIds.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="home-due-mine">
          <Title order={3} fz="lg" id="home-due-mine">
            {T.mineTitle}
          </Title>
          <InstitutionReturns institutionIds={institutionIds} />
        </Stack>
      ) : null}
      {province ? (
        <Stack gap="xs" component="section" aria-labelledby="home-due-province">
          <Title order={3} fz="lg" id="home-due-province">
            {T.provinceTitle}
          </Title>
          <ProvinceProgress />
        </Stack>
      ) : null}
    </Stack>
  );
}
