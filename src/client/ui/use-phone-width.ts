import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is a phone's width (36em, the breakpoint data-table.css and reports.css use), read at once so a
 * table laid out for phones is not first drawn wide: tables whose every column matters (Periods, Release now) use it
 * to fold their columns into two.
 */
export const usePhoneWidth = (): boolean => useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
