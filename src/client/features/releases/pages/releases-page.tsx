import { List, Stack, Text, Title } from '@mantine/core';
import { isAppAdmin } from '../../../../shared/permissions.ts';
import { bcToday } from '../../../../shared/term-calendar.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { Page } from '../../../ui/page.tsx';
import { PageSkeleton } from '../../../ui/page-skeleton.tsx';
import { routeTitle } from '../../../ui/route-title.ts';
import { formatDay } from '../../returns/index.ts';
import { useProfile } from '../../session/index.ts';
import { useReleaseCalendar } from '../api/releases.ts';
import { ReleaseForm } from '../components/release-form.tsx';
import { ReleaseList } from '../components/release-list.tsx';
import { ScheduleForm } from '../components/schedule-form.tsx';
import { RELEASE_UI } from '../messages.ts';

/**
 * `/releases`: the release calendar for everyone who reads reports (what was released when, what the schedule will
 * release); app admins also release periods and set the schedule here (decision 024).
 */
export default function ReleasesPage() {
  const calendar = useReleaseCalendar();
  const { profile } = useProfile();
  if (calendar.isPending) return <PageSkeleton />;
  const admin = profile ? isAppAdmin(profile.privileges) : false;
  // A release the schedule owes now is listed with today's day: it is made at the schedule's next hourly look.
  const today = bcToday();
  return (
    <Page title={routeTitle('releases')}>
      <Text>{RELEASE_UI.intro}</Text>
      {calendar.error ? (
        <LoadError message={RELEASE_UI.errors.calendar} onRetry={() => void calendar.refetch()} />
      ) : (
        <>
          <Stack gap="xs" component="section" aria-labelledby="release-upcoming-title">
            <Title order={2} fz="h3" id="release-upcoming-title">
              {RELEASE_UI.upcomingTitle}
            </Title>
            <Text size="sm">
              {RELEASE_UI.scheduleText(
                calendar.data.schedule.provisional_days_after_due,
                calendar.data.schedule.final_when_approved,
              )}
            </Text>
            {calendar.data.upcoming.length === 0 ? (
              <Text>{RELEASE_UI.upcomingNone}</Text>
            ) : (
              <List size="sm" data-testid="release-upcoming">
                {calendar.data.upcoming.map((u) => {
                  const name = RELEASE_UI.periodName(u.term, u.fiscal_year);
                  return (
                    <List.Item key={`${name} ${u.final}`}>
                      {u.on !== null && u.on <= today
                        ? RELEASE_UI.upcomingToday(name, u.final)
                        : u.on
                          ? RELEASE_UI.upcomingProvisional(name, formatDay(u.on))
                          : u.final
                            ? RELEASE_UI.upcomingFinal(name)
                            : RELEASE_UI.upcomingFirstFigures(name)}
                    </List.Item>
                  );
                })}
              </List>
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="release-list-title">
            <Title order={2} fz="h3" id="release-list-title">
              {RELEASE_UI.calendarTitle}
            </Title>
            <ReleaseList releases={calendar.data.releases} />
          </Stack>
        </>
      )}
      {admin ? <ReleaseForm /> : null}
      {admin && calendar.data ? <ScheduleForm schedule={calendar.data.schedule} /> : null}
    </Page>
  );
}
