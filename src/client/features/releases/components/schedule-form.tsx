import { Alert, Button, Checkbox, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  ReleaseScheduleSchema,
  ReleaseScheduleUpdateSchema,
  SCHEDULE_DAYS_RULE,
  type ReleaseSchedule,
} from '../../../../shared/schemas/releases.ts';
import { staleEdit } from '../../../lib/stale-edit.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { notify } from '../../../lib/notifications.ts';
import { issuesToFieldErrors, serverFormErrors } from '../../../ui/form-errors.ts';
import { useUpdateSchedule } from '../api/releases.ts';
import { RELEASE_UI } from '../messages.ts';

const S = RELEASE_UI.schedule;
const FIELDS = ['provisional_days_after_due', 'final_when_approved'] as const;
/** What the days box offers when provisional releases are switched back on after being off. */
const DEFAULT_DAYS = 14;

const settingsOf = (schedule: ReleaseSchedule) => ({
  provisional: schedule.provisional_days_after_due !== null,
  days: (schedule.provisional_days_after_due ?? DEFAULT_DAYS) as number | string,
  final: schedule.final_when_approved,
});

/**
 * App admins set when the schedule releases (decision 024): a provisional release some days after a period's due
 * date, or none, and the final release once every return is approved, or not. The change is sent with the version the
 * form was read at; when another admin changed the schedule meanwhile, the server refuses it and the form shows the
 * schedule as it is now, with the server's sentence. The days are checked by the same rule and words as the server's.
 */
export function ScheduleForm({ schedule }: { schedule: ReleaseSchedule }) {
  const update = useUpdateSchedule();
  const [settings, setSettings] = useState(() => settingsOf(schedule));
  const [version, setVersion] = useState(schedule.version);
  const [ownError, setOwnError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const problems = update.error && !stale ? serverFormErrors(update.error, FIELDS) : { fields: {}, other: [] };
  const daysError = ownError ?? problems.fields.provisional_days_after_due;

  const checkbox = (key: 'provisional' | 'final') => ({
    checked: settings[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.checked;
      setSettings((s) => ({ ...s, [key]: value }));
    },
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStale(null);
    const body = {
      provisional_days_after_due: settings.provisional ? (settings.days === '' ? null : Number(settings.days)) : null,
      final_when_approved: settings.final,
      version,
    };
    // An empty box with provisional releases on is a missing number, not "no provisional release".
    if (settings.provisional && body.provisional_days_after_due === null) return setOwnError(SCHEDULE_DAYS_RULE);
    const checked = ReleaseScheduleUpdateSchema.safeParse(body);
    if (!checked.success) {
      setOwnError(issuesToFieldErrors(checked.error.issues).provisional_days_after_due ?? null);
      return;
    }
    setOwnError(null);
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        setVersion(saved.version);
        setSettings(settingsOf(saved));
        notify({ level: 'success', message: S.saved });
      },
      onError: (error) => {
        const refused = staleEdit(error, ReleaseScheduleSchema);
        if (!refused) return;
        setVersion(refused.current.version);
        setSettings(settingsOf(refused.current));
        setStale(refused.message);
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="release-schedule-title" data-testid="release-schedule">
      <Title order={2} fz="h3" id="release-schedule-title">
        {S.title}
      </Title>
      <Text>{S.help}</Text>
      <Text size="sm" c="dimmed" data-testid="release-schedule-changed">
        {schedule.updated_at ? S.lastChanged(formatInstant(schedule.updated_at), schedule.updated_by) : S.neverChanged}
      </Text>
      <form onSubmit={save} noValidate>
        <Stack gap="sm" maw="36rem">
          {stale ? (
            <Alert color="orange" role="alert" title={S.changedMeanwhile}>
              {stale}
            </Alert>
          ) : null}
          <Checkbox label={S.provisional} {...checkbox('provisional')} />
          <NumberInput
            id="release-schedule-days"
            label={S.days}
            description={S.daysHelp}
            value={settings.days}
            onChange={(days) => {
              setSettings((s) => ({ ...s, days }));
              // The error was about the number that stood there: a new one is checked again when saved.
              setOwnError(null);
              if (update.isError) update.reset();
            }}
            disabled={!settings.provisional}
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={365}
            clampBehavior="none"
            styles={{ wrapper: { maxWidth: '9rem' } }}
            error={settings.provisional ? daysError : undefined}
          />
          <Checkbox label={S.final} {...checkbox('final')} />
          {problems.other.length > 0 ? (
            <Alert color="red" role="alert">
              {problems.other.join(' ')}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" loading={update.isPending}>
              {S.save}
            </Button>
          </div>
        </Stack>
      </form>
    </Stack>
  );
}
