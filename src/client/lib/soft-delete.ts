import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from './api-client.ts';
import type { StoreSaved } from './saved-item.ts';

/**
 * An item that is never physically deleted (an institution, a valid program): "Delete" is a PATCH to its address
 * with `{id, active_ind: false}`, "Reactivate" the same PATCH with `active_ind: true`, an ordinary edit.
 */
export interface SoftDeleteSpec<T> {
  /** The item's address: `/api/programs/12`. */
  path: (id: number) => string;
  schema: z.ZodType<T>;
  /** The catalogue's words for a failed delete call, an answer that does not confirm the delete, a failed reactivation. */
  errors: { delete: string; notDeleted: string; reactivate: string };
  /** The answer held the saved item: stored as an edit's answer is. */
  storeSaved: StoreSaved<T>;
  /** The answer held the id alone: mark the cached copy with the new `active_ind`, then have it confirmed. */
  markCached: (queryClient: QueryClient, id: number, active: boolean) => Promise<void>;
}

/** The checked delete and the mutation that deletes (`false`) or reactivates (`true`) one item. */
export function defineSoftDelete<T>(spec: SoftDeleteSpec<T>) {
  /**
   * What a delete answered, checked (docs/product.md §6.3: the response id is read): the same id and now inactive,
   * otherwise the `notDeleted` message although the call itself went through. The item, when the answer held it.
   */
  function checkDeleted(id: number, answer: unknown): T | null {
    const body = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
    const returnedId = typeof body.id === 'string' && /^\d+$/.test(body.id) ? Number(body.id) : body.id;
    if (returnedId !== id || body.active_ind === true) throw new ApiError(spec.errors.notDeleted);
    const parsed = spec.schema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  }

  async function setActive(id: number, active: boolean): Promise<T | null> {
    const call = { path: spec.path(id), method: 'PATCH' as const, body: { id, active_ind: active } };
    if (active) return apiRequest({ ...call, errorMessage: spec.errors.reactivate, schema: spec.schema });
    return checkDeleted(id, await apiRequest({ ...call, errorMessage: spec.errors.delete }));
  }

  function useSetActive(id: number) {
    const queryClient = useQueryClient();
    return useMutation<T | null, ApiError, boolean>({
      mutationFn: (active) => setActive(id, active),
      onSuccess: (saved, active) => (saved ? spec.storeSaved(queryClient, saved) : spec.markCached(queryClient, id, active)),
    });
  }

  return { checkDeleted, useSetActive };
}
