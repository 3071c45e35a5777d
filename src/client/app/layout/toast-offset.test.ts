import { describe, expect, it } from 'vitest';
import { toastTop } from './toast-offset.ts';

describe('toastTop', () => {
  it('starts toasts just under a header that is on screen', () => {
    expect(toastTop(212)).toBe(220);
    expect(toastTop(212.6)).toBe(221);
  });

  it('keeps toasts at the very top once the header has scrolled away', () => {
    expect(toastTop(-400)).toBe(8);
    expect(toastTop(0)).toBe(8);
  });
});
