import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PeriodSchema, type Period } from '../../../../shared/schemas/returns.ts';
import { staleEdit } from '../../../lib/stale-edit.ts';
import { notify } from '../../../lib/notifications.ts';
import { serverFormErrors } from '../../../ui/form-errors.ts';
import { useUpdatePeriod } from '../api/periods.ts';
import { periodName } from '../lib/period-state.ts';
import { PERIOD_UI } from '../messages.ts';
import { RequiredLabel } from '../../../ui/field-label.tsx';

const FIELDS = ['opens_on', 'due_on'] as const;

/**
 * A period's two dates in a dialog: saved with PATCH /api/periods/{id}; the server's word on a date (a due date
 * before the opening one, say) appears under that date, anything else above the buttons.
 */
export function PeriodDatesDialog({ period, onClose }: { period: Period; onClose: () => void }) {
  const update = useUpdatePeriod();
  const [dates, setDates] = useState({ opens_on: period.opens_on, due_on: period.due_on });
  const [version, setVersion] = useState(period.version);
  const problems = update.error ? serverFormErrors(update.error, FIELDS) : { fields: {}, other: [] };
  const name = periodName(period);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: period.id, patch: { ...dates, version } },
      {
        onSuccess: () => {
          notify({ level: 'success', message: PERIOD_UI.saved(name) });
          onClose();
        },
        // Another admin changed the dates meanwhile: the dialog shows theirs, with the server's sentence above.
        onError: (error) => {
          const current = staleEdit(error, PeriodSchema)?.current;
          if (!current) return;
          setDates({ opens_on: current.opens_on, due_on: current.due_on });
          setVersion(current.version);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={PERIOD_UI.changeTitle(name)}
      centered
      closeButtonProps={{ 'aria-label': PERIOD_UI.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              id={`period-${field}`}
              type="date"
              label={<RequiredLabel>{field === 'opens_on' ? PERIOD_UI.opensOn : PERIOD_UI.dueOn}</RequiredLabel>}
              value={dates[field]}
              onChange={(e) => setDates((d) => ({ ...d, [field]: e.currentTarget.value }))}
              error={problems.fields[field]}
              required
              withAsterisk={false}
            />
          ))}
          {problems.other.length > 0 ? (
            <Alert color="red" role="alert">
              {problems.other.join(' ')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {PERIOD_UI.cancel}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {PERIOD_UI.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
