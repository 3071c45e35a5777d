import { Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { KeyFigure, KeyFigures, ReturnFigures, TermReturn } from '../../../../shared/schemas/returns.ts';
import { formatInstant } from '../../../lib/format-instant.ts';
import { LoadError } from '../../../ui/load-error.tsx';
import { useReturnFigures } from '../api/get-return-figures.ts';
import { changeText, figureValue } from '../lib/figure-change.ts';
import { RETURN_UI } from '../messages.ts';
import { TableScroll } from '../../../ui/table-scroll.tsx';

const F = RETURN_UI.figures;
/** Dark amber, 7:1 on white, as the record form's warnings. */
const WARNING = '#7a3300';
const COLUMNS: readonly (KeyFigure | 'placement_pct')[] = [
  'students_enrolled',
  'students_seeking',
  'students_placed',
  'placement_pct',
  'work_terms',
  'employers_total',
  'avg_hourly_wage',
];
const count = new Intl.NumberFormat('en-CA');

function shown(figures: KeyFigures | null, column: KeyFigure | 'placement_pct'): string {
  const value = figureValue(figures, column);
  if (value === null) return '';
  if (column === 'placement_pct') return `${value.toFixed(1)}%`;
  if (column === 'avg_hourly_wage') return `$${figures!.avg_hourly_wage}`;
  return count.format(value);
}

/** One figure, with its change from the same term last year and from the term before, and a mark when far from history. */
function FigureCell({
  line,
  column,
  far,
}: {
  line: { now: KeyFigures | null; last_year: KeyFigures | null; previous_term: KeyFigures | null };
  column: KeyFigure | 'placement_pct';
  far: boolean;
}) {
  const now = figureValue(line.now, column);
  const points = column === 'placement_pct';
  const year = changeText(now, figureValue(line.last_year, column), points);
  const term = changeText(now, figureValue(line.previous_term, column), points);
  return (
    <Table.Td ta="right" data-far={far || undefined} style={far ? { background: '#fff4e6' } : undefined}>
      <Text size="sm" fw={600} span style={{ whiteSpace: 'nowrap' }}>
        {far ? <IconAlertTriangle size={14} color={WARNING} aria-hidden="true" style={{ marginRight: 4 }} /> : null}
        {shown(line.now, column)}
        {far ? <VisuallyHidden>{F.farHidden}</VisuallyHidden> : null}
      </Text>
      {/* One change a line: the columns stay narrow enough for the whole table at 1366 px. */}
      {year ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {F.onYear(year)}
        </Text>
      ) : null}
      {term ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {F.onTerm(term)}
        </Text>
      ) : null}
    </Table.Td>
  );
}

function FiguresTable({ figures }: { figures: ReturnFigures }) {
  return (
    <TableScroll label={F.title}>
      <Table verticalSpacing={4} className="data-table" data-testid="return-figures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{F.program}</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c} scope="col" ta="right">
                {F.columns[c]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.programs.map((p) => (
            <Table.Tr key={p.program_id}>
              <Table.Th scope="row" fw={500} miw="10rem">
                {p.program_name}
                <Text size="xs" c="dimmed">
                  {p.status === null ? F.noRecord : p.status === 'draft' ? F.draft : F.submitted}
                </Text>
              </Table.Th>
              {COLUMNS.map((c) => (
                <FigureCell key={c} line={p} column={c} far={(p.far as string[]).includes(c)} />
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{F.total}</Table.Th>
            {COLUMNS.map((c) => (
              <FigureCell key={c} line={figures.totals} column={c} far={false} />
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}

function ChangesSinceApproval({ changes }: { changes: ReturnFigures['changes'] }) {
  return (
    <Stack gap="xs" data-testid="return-changes">
      <Title order={3} size="h4">
        {F.changesTitle}
      </Title>
      <TableScroll label={F.changesTitle}>
        <Table verticalSpacing={4} className="data-table">
          <Table.Thead>
            <Table.Tr>
              {F.changeColumns.map((c) => (
                <Table.Th key={c} scope="col">
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((c, n) => (
              <Table.Tr key={n}>
                <Table.Td>{c.program_name}</Table.Td>
                <Table.Td>{c.field}</Table.Td>
                <Table.Td>{c.before ?? F.blank}</Table.Td>
                <Table.Td>{c.after ?? F.blank}</Table.Td>
                <Table.Td>{c.by ?? ''}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(c.at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/**
 * What an approver reads of a term (issue 30): each program's key figures with the change from the same term last year
 * and from the term before, those far from the program's history marked as the record form marks them, the totals,
 * and for a return reopened after approval what changed since.
 */
export function ReturnFiguresSection({ ret }: { ret: TermReturn }) {
  const figures = useReturnFigures(ret.id);
  const far = figures.data?.programs.reduce((n, p) => n + p.far.length, 0) ?? 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby="return-figures-title">
      <Title order={2} size="h3" id="return-figures-title">
        {F.title}
      </Title>
      {figures.error ? (
        <LoadError message={figures.error.message} onRetry={() => void figures.refetch()} />
      ) : !figures.data ? (
        <Skeleton height="10rem" />
      ) : (
        <>
          <Text size="sm">
            {F.intro(figures.data.last_year, figures.data.previous_term)} {far > 0 ? F.farCount(far) : ''}
          </Text>
          <FiguresTable figures={figures.data} />
          {figures.data.changes.length > 0 ? <ChangesSinceApproval changes={figures.data.changes} /> : null}
        </>
      )}
    </Stack>
  );
}

/** The approval's confirmation, in short: the term's totals beside last year's, and how many figures are far from history. */
export function ApproveSummary({ ret }: { ret: TermReturn }) {
  const figures = useReturnFigures(ret.id);
  if (!figures.data) return null;
  const far = figures.data.programs.filter((p) => p.far.length > 0);
  return (
    <Stack gap={4} data-testid="approve-summary">
      <Text size="sm" fw={700}>
        {F.summaryTitle}
      </Text>
      <Text size="sm">
        {F.summaryTotals(
          shown(figures.data.totals.now, 'students_placed'),
          shown(figures.data.totals.last_year, 'students_placed'),
        )}
      </Text>
      <Text size="sm" c={far.length > 0 ? WARNING : undefined}>
        {far.length > 0 ? F.summaryFar(far.map((p) => p.program_name)) : F.summaryNoFar}
      </Text>
    </Stack>
  );
}
