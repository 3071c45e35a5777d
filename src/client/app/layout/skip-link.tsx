import { TEXT } from '../../../shared/messages.ts';

export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to the start of the page's main content. */
export function focusMainContent(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
}

/** The first focusable element of every page (docs/product.md §2.3). */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus the target ourselves: a hash change alone does not move focus in every browser.
        event.preventDefault();
        focusMainContent();
      }}
    >
      {TEXT.skipLink}
    </a>
  );
}
