import { Group, Pagination, Text } from '@mantine/core';
import { UI_PIECES } from './messages.ts';

export interface TablePagerProps {
  /** What the rows are, in the plural ("institutions"). */
  what: string;
  page: number;
  pageCount: number;
  total: number;
  from: number;
  to: number;
  onPageChange: (page: number) => void;
}

/** "Showing 26–50 of 250 programs" (announced politely when it changes) and the page links, when there is more than one page. */
export function TablePager({ what, page, pageCount, total, from, to, onPageChange }: TablePagerProps) {
  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Text size="sm" role="status" aria-live="polite" data-testid="table-count">
        {UI_PIECES.pager.showing(from, to, total, what)}
      </Text>
      {pageCount > 1 ? (
        <nav aria-label={UI_PIECES.pager.label(what)}>
          <Pagination
            total={pageCount}
            value={page}
            onChange={onPageChange}
            size="sm"
            withEdges
            getItemProps={(p) => ({ 'aria-label': UI_PIECES.pager.page(p) })}
            getControlProps={(control) => ({ 'aria-label': UI_PIECES.pager[control] })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
