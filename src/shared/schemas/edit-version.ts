import { z } from 'zod';
import { idNumber } from './id.ts';
import { readOnly } from './read-only.ts';

/**
 * Edits that a newer change would otherwise be written over (decision 044): an entity carries a `version` that steps
 * at each change; an edit sends back the version it read and is refused (409, with the entity as it is now) when
 * another change came between.
 */

/** The version as the API sends it: a count the server steps at each change. */
export const storedVersion = () =>
  readOnly(
    z.number().int(),
    'Read-only: steps at each change. An edit may send back the version it read: when it is no longer the stored one, nothing changes and the answer is a 409.',
  );

/** The version an edit sends back, optional: without it, the edit applies to whatever is stored. */
export const versionInput = idNumber('Version must be a whole number')
  .optional()
  .meta({ description: 'The version you saw; when sent and no longer the stored one, nothing happens and the answer is a 409.' });

/** The 409 of an edit made from an older version: the sentence, its code, and the entity as it is now. */
export const staleEditSchema = <S extends z.ZodType>(current: S) =>
  z.object({
    statusCode: z.number().int().optional(),
    message: z.string(),
    code: z.string().optional(),
    current,
  });
