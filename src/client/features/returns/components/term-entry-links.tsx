import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconTable } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TermReturn } from '../../../../shared/schemas/returns.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.detail;

/** The import page, opened from a return: it offers "Back to the return" once the import is done. */
export const importLink = (returnId: number) => `/records/import?return=${returnId}`;

/**
 * The two ways to a whole term from its return: the grid (to enter it, or to read it whole), and the template, the
 * grid's columns as a workbook to fill in elsewhere and import as it is (writers too: no export right needed). To
 * someone who may not change the term the same file is offered as its figures, not as something to fill in.
 */
export function TermEntryLinks({ ret, mayEnter }: { ret: TermReturn; mayEnter: boolean }) {
  return (
    <Stack gap={6} className="no-print">
      <Group gap="sm">
        <Button
          component={Link}
          to={`/returns/${ret.id}/enter`}
          variant={mayEnter ? 'filled' : 'default'}
          leftSection={<IconTable size={18} aria-hidden="true" />}
          data-testid="enter-term"
        >
          {mayEnter ? T.enterTerm : T.seeTerm}
        </Button>
        <Button
          component="a"
          href={`/api/returns/${ret.id}/template`}
          download
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          data-testid="term-template"
        >
          {mayEnter ? T.template : T.figuresFile}
        </Button>
        {/* The import carries the return, to offer the way back here once done (the import is not in the menu). */}
        {mayEnter ? (
          <Button
            component={Link}
            to={importLink(ret.id)}
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden="true" />}
            data-testid="term-import"
          >
            {T.importLink}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {mayEnter ? `${T.enterTermHint} ${T.templateHint}` : `${T.seeTermHint} ${T.figuresFileHint}`}
      </Text>
    </Stack>
  );
}
