import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { UI_PIECES } from './messages.ts';
import './data-table.css';

/** How far the head moves down: to the top of the window while the table's top is above it, never past its rows. */
export function headShift(headTop: number, headHeight: number, tableBottom: number, lastRowHeight: number): number {
  return Math.max(0, Math.min(-headTop, tableBottom - headTop - headHeight - lastRowHeight));
}

interface Overflow {
  /** Wider than its box: it scrolls sideways, takes keyboard focus and is a named region. */
  wide: boolean;
  /** Columns hidden to the left (the frozen column casts a shadow). */
  start: boolean;
  /** Columns hidden to the right (the right edge fades). */
  end: boolean;
}

function measure(el: HTMLElement): Overflow {
  const wide = el.scrollWidth > el.clientWidth + 1;
  return { wide, start: wide && el.scrollLeft > 1, end: wide && el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
}

/**
 * The box around every list and report table. The table grows with the page (no box of its own to scroll up and
 * down, so printing and full-page screenshots keep every row); a table wider than the screen scrolls sideways with
 * its first column frozen and a shadow or fade on the side where more columns are. The heading row follows the
 * window down while the table is in view: CSS `position: sticky` cannot, because the sideways scroll box becomes the
 * box it sticks to, so the head is moved with a transform as the window scrolls.
 */
export function TableScroll({
  label,
  children,
  testId,
  className,
}: {
  /** The table's caption: names the region when it scrolls. */
  label: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ wide: false, start: false, end: false });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = measure(el);
      setOverflow((prev) => (prev.wide === next.wide && prev.start === next.start && prev.end === next.end ? prev : next));
      const table = el.querySelector('table');
      const head = table?.tHead;
      if (!table || !head) return;
      const current = Number(head.dataset.shift ?? 0);
      const headRect = head.getBoundingClientRect();
      const rows = table.rows;
      const last = rows.length > 0 ? rows[rows.length - 1]!.getBoundingClientRect().height : 0;
      const shift = Math.round(headShift(headRect.top - current, headRect.height, table.getBoundingClientRect().bottom, last));
      if (shift === current) return;
      head.dataset.shift = String(shift);
      head.style.transform = shift > 0 ? `translateY(${shift}px)` : '';
      head.toggleAttribute('data-stuck', shift > 0);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    el.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    resize?.observe(el);
    const table = el.querySelector('table');
    if (table) resize?.observe(table);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      el.removeEventListener('scroll', schedule);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resize?.disconnect();
    };
  }, []);

  return (
    <div className="table-scroll-frame" data-more-start={overflow.start || undefined} data-more-end={overflow.end || undefined}>
      <div
        ref={box}
        className={`data-table-scroll${className ? ` ${className}` : ''}`}
        data-testid={testId}
        data-wide={overflow.wide || undefined}
        {...(overflow.wide ? { tabIndex: 0, role: 'region', 'aria-label': UI_PIECES.table.scrollRegion(label) } : {})}
      >
        {children}
      </div>
    </div>
  );
}
