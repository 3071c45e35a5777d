import { Alert, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { formatDay, formatInstant } from '../lib/format-day.ts';
import { asSentence, type ReturnedNotice as Notice } from '../lib/returned-notice.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.detail;

/**
 * At the top of a return sent back or reopened, until it is signed off again: who did it, when, why and its new due
 * date. The reason is an app admin's typed text, drawn as text (React escapes it), never as markup.
 */
export function ReturnedNotice({ notice, dueAgainOn }: { notice: Notice; dueAgainOn: string | null }) {
  const who = notice.by ?? T.someone;
  return (
    <Alert color="orange" variant="light" icon={<IconArrowBackUp aria-hidden="true" />} data-testid="returned-notice">
      {/* No Alert title: Mantine draws it in the light orange of the icon, too pale to read (axe's contrast). */}
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {T.returned(
          notice.action,
          who,
          formatInstant(notice.at),
          asSentence(notice.reason),
          dueAgainOn === null ? null : formatDay(dueAgainOn),
        )}
      </Text>
    </Alert>
  );
}
