import { ERRORS } from '../../../../shared/messages.ts';
import { UserSchema, type User } from '../../../../shared/schemas/user.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSaveMutation } from '../../../lib/saved-item.ts';
import { storeSavedUser } from './update-user.ts';

/**
 * DELETE /api/users/{id}: deactivates the user (nothing is deleted); every session of theirs ends at once.
 * A failure is "Unable to edit user" (docs/product.md §6.4: also when a delete fails).
 */
export function deactivateUser(id: number): Promise<User> {
  return apiRequest({ path: `/api/users/${id}`, method: 'DELETE', errorMessage: ERRORS.users.edit, schema: UserSchema });
}

export function useDeactivateUser(id: number) {
  return useSaveMutation(() => deactivateUser(id), storeSavedUser);
}
