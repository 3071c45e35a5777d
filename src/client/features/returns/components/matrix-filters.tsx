import { Button, Group, MultiSelect } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { INSTITUTION_TYPES, REGIONS } from '../../../../shared/constants.ts';
import { MATRIX_STATE_FILTERS, type MatrixStateFilter } from '../../../../shared/reporting-cycle.ts';
import { ListSearchInput } from '../../../ui/list-search-input.tsx';
import '../../../ui/list-filters.css';
import { matrixDownloadHref, type MatrixFilters } from '../lib/return-matrix.ts';
import { RETURN_UI } from '../messages.ts';

const T = RETURN_UI.matrix;

const stateLabel = (state: MatrixStateFilter) => (state === 'overdue' ? T.overdueFilter : RETURN_UI.states[state]);
const STATE_OPTIONS = MATRIX_STATE_FILTERS.map((value) => ({ value, label: stateLabel(value) }));
/** The matrix's two downloads, as the buttons name them. */
const DOWNLOADS = [
  { format: 'csv', label: 'CSV', Icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'XLSX', Icon: IconFileSpreadsheet },
] as const;

/**
 * The matrix's filters, each kept in the URL by the page: fiscal years (several make one wide matrix), region,
 * institution type, state and the institution name; and the downloads of what the matrix shows.
 */
export function MatrixFilterBar({
  filters,
  years,
  shownYears,
  onChange,
}: {
  filters: MatrixFilters;
  /** Every fiscal year with periods, newest first. */
  years: string[];
  /** The fiscal years the matrix shows (when none is chosen, the year of the term due next). */
  shownYears: string[];
  onChange: (patch: Partial<MatrixFilters>) => void;
}) {
  const multi = { size: 'sm', clearable: true } as const;
  return (
    <>
      {/* Labels, hints and fields each on one line (ui/list-filters.css), as many to a row as fit. */}
      <div className="list-filters returns-matrix-filters">
        <MultiSelect
          id="returns-fiscal-year"
          label={T.fiscalYear}
          description={T.fiscalYearHint}
          data={years}
          value={filters.fiscalYears.filter((year) => years.includes(year))}
          placeholder={filters.fiscalYears.length === 0 ? shownYears.join(', ') : undefined}
          onChange={(fiscalYears) => onChange({ fiscalYears })}
          {...multi}
        />
        <MultiSelect
          id="returns-region"
          label={T.region}
          data={[...REGIONS]}
          value={filters.regions}
          placeholder={filters.regions.length === 0 ? T.any : undefined}
          onChange={(regions) => onChange({ regions: regions as MatrixFilters['regions'] })}
          {...multi}
        />
        <MultiSelect
          id="returns-institution-type"
          label={T.institutionType}
          data={[...INSTITUTION_TYPES]}
          value={filters.institutionTypes}
          placeholder={filters.institutionTypes.length === 0 ? T.any : undefined}
          onChange={(types) => onChange({ institutionTypes: types as MatrixFilters['institutionTypes'] })}
          {...multi}
        />
        <MultiSelect
          id="returns-state"
          label={T.state}
          description={T.stateHint}
          data={STATE_OPTIONS}
          value={filters.states}
          placeholder={filters.states.length === 0 ? T.any : undefined}
          onChange={(states) => onChange({ states: states as MatrixStateFilter[] })}
          {...multi}
        />
        <ListSearchInput
          id="returns-institution"
          label={T.institutionFilter}
          description={T.institutionFilterHint}
          value={filters.name}
          onCommit={(name) => onChange({ name })}
        />
      </div>
      <Group gap="sm" role="group" aria-label={T.download} className="no-print">
        {DOWNLOADS.map(({ format, label, Icon }) => (
          <Button
            key={format}
            component="a"
            href={matrixDownloadHref(filters, shownYears, format)}
            download
            variant="default"
            size="sm"
            aria-label={T.downloadAs(label)}
            leftSection={<Icon size={18} aria-hidden="true" />}
          >
            {label}
          </Button>
        ))}
        <Button variant="subtle" size="sm" onClick={() => onChange(EMPTY)}>
          {T.clearFilters}
        </Button>
      </Group>
    </>
  );
}

const EMPTY: MatrixFilters = { fiscalYears: [], regions: [], institutionTypes: [], states: [], name: '' };
