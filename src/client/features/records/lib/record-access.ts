import type { Privileges } from '../../../../shared/schemas/profile.ts';

/** Whether the user may add records for at least one institution (write or admin somewhere, or app admin). */
export function mayAddRecords(privileges: Privileges): boolean {
  return privileges.glblAdmin || privileges.write.length > 0 || privileges.admin.length > 0;
}
