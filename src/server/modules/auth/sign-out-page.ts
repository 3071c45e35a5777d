import { TEXT } from '../../../shared/messages.ts';
import { escapeHtml } from '../../plugins/client-app.ts';

/** Where the page's button posts: the sign-out route the cross-site guard covers (plugins/same-origin.ts). */
export const SIGN_OUT_POST_PATH = '/api/logout';

/**
 * The page `GET /api/logout` answers when it cannot tell that this site's own page or the person asked (issue 28):
 * a question and a Sign out button. A form rather than a script: the CSP forbids inline script, and a plain form
 * posts with the browser's own Sec-Fetch-Site and Origin, which the cross-site guard reads.
 */
export function signOutPage(): string {
  const words = TEXT.signOutPage;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title)}</title>
<style>
body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 0; padding: 2rem 1rem; color: #1b1b1b; }
main { max-width: 36rem; margin: 0 auto; }
button { font: inherit; padding: 0.5rem 1.25rem; border: 1px solid #013366; border-radius: 4px; background: #013366; color: #fff; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #2e5dd7; outline-offset: 2px; }
a { color: #255a90; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.explanation)}</p>
<form method="post" action="${SIGN_OUT_POST_PATH}">
<button type="submit">${escapeHtml(TEXT.signOut)}</button>
</form>
<p><a href="/">${escapeHtml(words.stay)}</a></p>
</main>
</body>
</html>
`;
}
