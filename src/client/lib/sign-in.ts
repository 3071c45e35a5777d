/** Where sign-in and sign-out go. Both are full-page navigations: the server runs single sign-on. */

import { safeReturnPath, SIGN_IN_PAGE_PATH } from '../../shared/return-path.ts';

export const SIGN_OUT_URL = '/api/logout';
export const DIRECT_SIGN_IN_PATH = SIGN_IN_PAGE_PATH;

/** Starts single sign-on, coming back to `returnPath` afterwards. */
export function signInUrl(returnPath: string): string {
  return `/api/login?returnPath=${encodeURIComponent(safeReturnPath(returnPath))}`;
}

/** The development-only direct sign-in page, coming back to `returnPath` afterwards. */
export function directSignInUrl(returnPath: string): string {
  const target = safeReturnPath(returnPath);
  return target === '/' ? DIRECT_SIGN_IN_PATH : `${DIRECT_SIGN_IN_PATH}?returnPath=${encodeURIComponent(target)}`;
}
