import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SUPPRESSED_MARK, UNRELEASED_MARK } from '../../../../shared/disclosure.ts';
import type { SuppressionNotes } from '../lib/report-suppression.ts';
import { REPORT_UI } from '../messages.ts';

const S = REPORT_UI.suppression;

/** A footnote line with its leading mark set in bold, so the eye matches it to the x in the table. */
function NoteText({ text }: { text: string }) {
  const mark = [UNRELEASED_MARK, SUPPRESSED_MARK].find((m) => text.startsWith(`${m}:`));
  if (!mark) return <>{text}</>;
  return (
    <>
      <strong className="report-notes-mark">{mark}</strong>
      {text.slice(mark.length)}
    </>
  );
}

/**
 * The notes under a report table whose province row has hidden figures: why, in the same words as the downloaded
 * files (one line per reason, naming the columns), then how to see more, with the way back to the parameters. Each
 * line is the target of the hidden cells' links, so it takes focus when one is followed.
 */
export function ReportSuppressionNotes({ notes, changeHref }: { notes: SuppressionNotes; changeHref: string }) {
  return (
    <Stack
      gap={6}
      component="section"
      aria-labelledby="report-notes-title"
      className="report-notes"
      data-testid="report-suppression-notes"
    >
      <Title order={3} fz="md" id="report-notes-title">
        {S.notesTitle}
      </Title>
      <ul className="report-notes-list">
        {notes.notes.map((note) => (
          <li key={note.reason} id={note.id} tabIndex={-1}>
            <NoteText text={note.text} />
          </li>
        ))}
      </ul>
      <Text size="sm">
        {notes.advice}{' '}
        <Anchor component={Link} to={changeHref} fw={600} className="no-print">
          {REPORT_UI.result.changeParameters}
        </Anchor>
      </Text>
    </Stack>
  );
}
