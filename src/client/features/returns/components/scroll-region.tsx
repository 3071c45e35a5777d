import type { ReactNode } from 'react';

/**
 * A table that may be wider than a phone scrolls inside this region, not the page; the region is named and takes
 * keyboard focus so it can be scrolled without a mouse (WCAG 2.1.1, axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label} data-testid={testId}>
      {children}
    </div>
  );
}
