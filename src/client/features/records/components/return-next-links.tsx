import { Anchor, Group, Skeleton, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { newRecordLink, useReturnPrograms } from '../../returns/index.ts';
import { nextProgramLink, nextProgramOfReturn } from '../lib/next-program.ts';
import { RECORD_UI } from '../messages.ts';
import { FocusedAlert } from '../../../ui/focused-alert.tsx';

const S = RECORD_UI.afterSave;

/**
 * After a record of a term return is saved: "Next program of this return" (the next without a submitted record,
 * its record or the new-record form chosen for it) and "Back to the return". It takes focus on each save (`saves`), so
 * the next program is one Tab and Enter away instead of a trip through the return page.
 */
export function ReturnNextLinks({ ret, programId, saves }: { ret: TermReturn; programId: number; saves: number }) {
  const programs = useReturnPrograms(ret.id);
  const next = programs.data ? nextProgramOfReturn(programs.data, programId) : null;
  return (
    <FocusedAlert
      focusKey={saves}
      color="green"
      variant="light"
      icon={<IconCircleCheck aria-hidden="true" />}
      maw="60rem"
      data-testid="after-save"
      title={
        <Text component="h2" fw={700} fz="md" c="#1a4d2e">
          {S.title}
        </Text>
      }
    >
      <Group gap="lg" align="center">
        {programs.isPending ? (
          <Skeleton height="1.25rem" width="16rem" aria-hidden="true" />
        ) : next ? (
          <Anchor component={Link} to={nextProgramLink(next, (id) => newRecordLink(ret, id))} fw={700}>
            {S.next(next.program_name)}
          </Anchor>
        ) : programs.data ? (
          <Text size="sm">{S.none}</Text>
        ) : null}
        <Anchor component={Link} to={`/returns/${ret.id}`} fw={600}>
          {S.back}
        </Anchor>
      </Group>
    </FocusedAlert>
  );
}
