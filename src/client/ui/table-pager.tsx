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
  /**
   * Asked with the page to go to, worked out from the newest page asked for: a second quick "Next page" goes one page
   * further than the first, even before the first has been drawn.
   */
  onPageChange: (to: (current: number) => number) => void;
}

/** The page one step on from `page` (which may lie past the end, as a URL can say), kept within 1..pageCount. */
export function stepPage(page: number, step: 1 | -1, pageCount: number): number {
  const last = Math.max(pageCount, 1);
  const from = Math.min(Math.max(page, 1), last);
  return Math.min(Math.max(from + step, 1), last);
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
            onChange={(p) => onPageChange(() => p)}
            size="sm"
            withEdges
            getItemProps={(p) => ({ 'aria-label': UI_PIECES.pager.page(p) })}
            getControlProps={(control) => ({
              'aria-label': UI_PIECES.pager[control],
              // Mantine's own Next and Previous step from the page last drawn; these step from the newest.
              ...(control === 'next' || control === 'previous'
                ? { onClick: () => onPageChange((now) => stepPage(now, control === 'next' ? 1 : -1, pageCount)) }
                : {}),
            })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
