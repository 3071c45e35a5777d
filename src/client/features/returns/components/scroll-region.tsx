import type { ReactNode } from 'react';
import { TableScroll } from '../../../ui/table-scroll.tsx';

/**
 * A table that may be wider than a phone scrolls inside this region, not the page; when it does, the region is named
 * and takes keyboard focus so it can be scrolled without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <TableScroll label={label} testId={testId}>
      {children}
    </TableScroll>
  );
}
