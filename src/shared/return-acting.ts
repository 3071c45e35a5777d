import type { Privileges } from './schemas/profile.ts';

/**
 * Acting for an institution (issue 30): an app admin may zero-fill and sign off an institution's return, which is the
 * institution's own word on its term. When the app admin is not an admin of that institution, they act on its behalf
 * and must say why; the history and the institution's home say so. An institution's own admin needs no reason.
 */

/** The actions an app admin may take in an institution's place (the others are app admins' own). */
export const ON_BEHALF_ACTIONS = ['fill-zeros', 'submit'] as const;

/** Whether these privileges act on behalf of the institution: an app admin who is not one of its admins. */
export const actsOnBehalf = (privileges: Pick<Privileges, 'glblAdmin' | 'admin'>, institutionId: number): boolean =>
  privileges.glblAdmin && !privileges.admin.includes(institutionId);

/** The 400 when an app admin acting for an institution gives no reason. */
export const ON_BEHALF_REASON_REQUIRED = 'Reason is required when you act for another institution: say why you do it for them';

/** The 400 when someone acting for their own institution sends a reason: it would be kept nowhere. */
export const ON_BEHALF_REASON_UNUSED =
  'Reason is asked only of an app admin acting for another institution; your own institution’s sign-off needs none';

/** How the history and the home page say it: "on behalf of UVic by Appy Admin: the reason". */
export const onBehalfLine = (institution: string, user: string | null, reason: string): string =>
  `on behalf of ${institution} by ${user ?? 'an app admin'}: ${reason}`;
