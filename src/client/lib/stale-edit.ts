import { useState } from 'react';
import type { z } from 'zod';
import { staleEditSchema } from '../../shared/schemas/edit-version.ts';
import { isApiError } from './api-client.ts';

/** A refused stale edit: the server's sentence, and the entity (or the form's values) as saved meanwhile. */
export interface StaleEdit<T> {
  message: string;
  current: T;
}

/**
 * What the 409 of an edit made from an older version carries (decision 044): its sentence and the entity as it is
 * now; null for any other failure.
 */
export function staleEdit<T>(error: unknown, schema: z.ZodType<T>): StaleEdit<T> | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = staleEditSchema(schema).safeParse(error.body);
  return parsed.success ? { message: parsed.data.message, current: parsed.data.current } : null;
}

/**
 * The version an edit form was filled from, which its save sends back. It moves with the form: to the saved entity
 * after a save, to theirs after a refused stale save. A newer `loaded` (the page refetched) moves it only when every
 * value the form shows is as the form was filled (an activation, say, by this person or another): saving from a
 * version whose values the form does not show would write over a change the person has not seen.
 */
export function useEditVersion<T extends { version: number }, V>(loaded: T, schema: z.ZodType<T>, toValues: (entity: T) => V) {
  const [filled, setFilled] = useState(() => ({ version: loaded.version, values: JSON.stringify(toValues(loaded)) }));
  const follows = loaded.version > filled.version && JSON.stringify(toValues(loaded)) === filled.values;
  const fill = (entity: T) => setFilled({ version: entity.version, values: JSON.stringify(toValues(entity)) });
  return {
    version: follows ? loaded.version : filled.version,
    /** A save succeeded: the form now shows this one. */
    saved: fill,
    /** A save failed: on a stale one, the values saved meanwhile (and the next save is made from them), else null. */
    theirs: (error: unknown): StaleEdit<V> | null => {
      const stale = staleEdit(error, schema);
      if (!stale) return null;
      fill(stale.current);
      return { message: stale.message, current: toValues(stale.current) };
    },
  };
}
