import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { placementRate, RECORD_FIELD_LABELS, type CountField, type MoneyField } from '../../../../shared/record-rules.ts';
import type { RecordWire } from '../../../../shared/schemas/record.ts';
import { recordToFormValues } from '../lib/record-form-model.ts';
import { FIGURE_SECTIONS, formatCount, formatMoney } from '../lib/sections.ts';
import { formatPlacementRate, splitStatus } from '../lib/sums.ts';
import { RECORD_UI } from '../messages.ts';
import { SumIndicator } from './sum-indicator.tsx';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const V = RECORD_UI.view;
const NUMERIC = { fontVariantNumeric: 'tabular-nums' } as const;

/** Every figure of a record, read-only, in the form's sections: numbers right-aligned, money as CAD, splits with their totals. */
export function RecordView({ record }: { record: RecordWire }) {
  const values = recordToFormValues(record);
  const rate = formatPlacementRate(placementRate(record));
  return (
    <Stack gap="lg" maw="60rem" data-testid="record-view">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {FIGURE_SECTIONS.map((section) => {
          const status = section.split ? splitStatus(values, section.split) : null;
          return (
            <Paper key={section.key} withBorder p="lg" radius="md" component="section" aria-labelledby={`view-${section.key}`}>
              <Stack gap="sm">
                <Title order={2} fz="h4" id={`view-${section.key}`}>
                  {section.title}
                </Title>
                <Table verticalSpacing={6} striped>
                  <ColumnHeads columns={[V.figure, { label: V.value, align: 'right' }]} />
                  <Table.Tbody>
                    {section.fields.map((field) => {
                      const raw = record[field];
                      const shown =
                        raw === null ? V.empty : section.money ? formatMoney(String(raw)) : formatCount(raw as number);
                      return (
                        <Table.Tr key={field} data-testid={`view-${field}`}>
                          <Table.Th scope="row" fw={400}>
                            {RECORD_FIELD_LABELS[field as CountField | MoneyField]}
                          </Table.Th>
                          <Table.Td ta="right" style={NUMERIC}>
                            {shown}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                    {status ? (
                      <Table.Tr>
                        <Table.Th scope="row">{V.total}</Table.Th>
                        <Table.Td ta="right" fw={700} style={NUMERIC}>
                          {formatCount(status.total)}
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    {section.key === 'participation' ? (
                      <Table.Tr>
                        <Table.Th scope="row">{RECORD_UI.placementRate}</Table.Th>
                        <Table.Td ta="right" fw={700} style={NUMERIC} data-testid="placement-rate">
                          {rate ?? V.empty}
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Table.Tbody>
                </Table>
                {status ? (
                  <Group>
                    <SumIndicator status={status} title={section.title} />
                  </Group>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="view-notes">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="view-notes">
            {RECORD_UI.sections.notes.title}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }} c={record.notes ? undefined : 'dimmed'}>
            {record.notes ?? V.noNotes}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
