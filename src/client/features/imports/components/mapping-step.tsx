import { Alert, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TERMS } from '../../../../shared/constants.ts';
import { COUNT_FIELDS, fiscalYearError, MONEY_FIELDS } from '../../../../shared/record-rules.ts';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_KEY_FIELDS,
  IMPORT_VERSION_FIELDS,
  type ImportField,
  type ImportFile,
  type ImportMapping,
} from '../../../../shared/schemas/import.ts';
import { FIELD_ORDER, inputWidth } from '../../../ui/field-label.tsx';
import { duplicateColumns } from '../lib/column-mapping.ts';
import { columnLetter } from '../lib/import-file.ts';
import { IMPORT_UI } from '../messages.ts';
import { ColumnHeads } from '../../../ui/column-heads.tsx';

const M = IMPORT_UI.mapping;

const GROUPS: { title: string; fields: readonly ImportField[] }[] = [
  { title: M.groups.which, fields: [...IMPORT_KEY_FIELDS, 'fiscal_year', 'term', 'status'] },
  { title: M.groups.figures, fields: COUNT_FIELDS },
  { title: M.groups.other, fields: [...MONEY_FIELDS, 'notes'] },
  { title: M.groups.version, fields: IMPORT_VERSION_FIELDS },
];

const selectId = (field: ImportField) => `import-map-${field}`;

export interface MappingStepProps {
  file: ImportFile;
  mapping: ImportMapping;
  onMappingChange: (mapping: ImportMapping) => void;
  onReset: () => void;
  fiscalYear: string;
  onFiscalYearChange: (value: string) => void;
  term: string;
  onTermChange: (value: string) => void;
  onCheck: () => void;
  checking: boolean;
  /** The server's refusal of the check itself (not of rows), in its words. */
  error: string | null;
}

interface GroupTableProps {
  title: string;
  fields: readonly ImportField[];
  mapping: ImportMapping;
  options: { value: string; label: string }[];
  firstRow: readonly string[];
  /** Fields whose column another field has taken, with that field. */
  clashes: ReadonlyMap<ImportField, ImportField>;
  onColumnChange: (field: ImportField, value: string) => void;
}

/** One group of record fields: each with its column select and the first row's value. */
function GroupTable({ title, fields, mapping, options, firstRow, clashes, onColumnChange }: GroupTableProps) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table verticalSpacing={6} horizontalSpacing="sm" withTableBorder layout="fixed">
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 650, padding: '0 0 6px' }}>{title}</caption>
        <ColumnHeads columns={[{ label: M.fieldColumn, width: '34%' }, { label: M.fileColumn, width: '38%' }, M.example]} />
        <Table.Tbody>
          {fields.map((field) => {
            const index = mapping[field];
            const clash = clashes.get(field);
            const example = index === undefined ? '' : (firstRow[index] ?? '');
            return (
              <Table.Tr key={field}>
                <Table.Th scope="row" fw={500}>
                  <label htmlFor={selectId(field)}>{IMPORT_FIELD_LABELS[field]}</label>
                </Table.Th>
                <Table.Td>
                  <NativeSelect
                    id={selectId(field)}
                    size="sm"
                    data={options}
                    value={index === undefined ? '' : String(index)}
                    onChange={(event) => onColumnChange(field, event.currentTarget.value)}
                    error={clash ? M.duplicate(columnLetter(index!), IMPORT_FIELD_LABELS[clash]) : undefined}
                    data-mapped={index === undefined ? undefined : true}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={index === undefined ? 'dimmed' : undefined} truncate="end" title={example}>
                    {index === undefined ? '' : example.trim() === '' ? M.empty : example}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The fiscal year and term for rows that do not give their own. */
function FileDefaults(props: MappingStepProps & { fyError: string | null }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {M.defaultsTitle}
      </Title>
      <Group align="flex-start" gap="lg">
        <TextInput
          id="import-fiscal-year"
          label={M.fiscalYear}
          description={M.fiscalYearHint}
          inputWrapperOrder={FIELD_ORDER}
          value={props.fiscalYear}
          onChange={(event) => props.onFiscalYearChange(event.currentTarget.value)}
          error={props.fyError}
          maw="22rem"
          styles={inputWidth('9rem')}
        />
        <NativeSelect
          id="import-term"
          label={M.term}
          description={M.termHint}
          inputWrapperOrder={FIELD_ORDER}
          data={[{ value: '', label: M.noTerm }, ...TERMS.map((t) => ({ value: t, label: t }))]}
          value={props.term}
          onChange={(event) => props.onTermChange(event.currentTarget.value)}
          maw="22rem"
          styles={inputWidth('12rem')}
        />
      </Group>
    </Stack>
  );
}

/** Step 2: one select per record field, the first row's value beside it, and the fiscal year and term for the file. */
export function MappingStep(props: MappingStepProps) {
  const { file, mapping } = props;
  const clashes = duplicateColumns(mapping);
  const fyError = props.fiscalYear.trim() ? fiscalYearError(props.fiscalYear.trim()) : null;
  const options = [
    { value: '', label: M.notInFile },
    ...file.columns.map((heading, index) => ({ value: String(index), label: M.columnOption(columnLetter(index), heading) })),
  ];
  const chosen = new Set(Object.values(mapping));
  const unused = file.columns.map((_, i) => i).filter((i) => !chosen.has(i));

  const setColumn = (field: ImportField, value: string) => {
    const next: ImportMapping = { ...mapping };
    if (value === '') delete next[field];
    else next[field] = Number(value);
    props.onMappingChange(next);
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="import-mapping-title">
      <Stack gap="md">
        <Title order={2} id="import-mapping-title" size="h3">
          {M.title}
        </Title>
        <Text size="sm" maw="48rem">
          {M.intro}
        </Text>
        <Text size="sm" maw="48rem">
          {M.identifyHint} {M.statusHint} {M.versionHint}
        </Text>
        {unused.length > 0 ? (
          <Text size="sm" data-testid="unused-columns">
            {M.unused(unused.map((i) => M.columnOption(columnLetter(i), file.columns[i]!)).join('; '))}
          </Text>
        ) : null}
        {GROUPS.map((group) => (
          <GroupTable
            key={group.title}
            title={group.title}
            fields={group.fields}
            mapping={mapping}
            options={options}
            firstRow={file.rows[0] ?? []}
            clashes={clashes}
            onColumnChange={setColumn}
          />
        ))}

        <FileDefaults {...props} fyError={fyError} />

        {props.error ? (
          <Alert
            color="red"
            variant="outline"
            icon={<IconAlertTriangle aria-hidden="true" />}
            role="alert"
            data-testid="mapping-error"
          >
            <Text c="red.9" fw={600} size="sm">
              {props.error}
            </Text>
          </Alert>
        ) : null}

        <Group justify="space-between">
          <Button variant="default" onClick={props.onReset}>
            {M.reset}
          </Button>
          <Button onClick={props.onCheck} loading={props.checking} disabled={clashes.size > 0 || !!fyError}>
            {M.check}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
