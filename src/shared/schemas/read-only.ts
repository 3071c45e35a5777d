import type { z } from 'zod';

/**
 * Read-only fields: the API accepts what it returns. A client may send back the body it read with one value
 * changed, so every write takes the fields of the same resource's GET shape. Fields the server sets (ids, display
 * names, audit stamps, derived roles) are marked `readOnly: true` in the OpenAPI document; a write checks their
 * type and then drops them, so no write can set them. Identity fields (an id, what a record or program belongs
 * to, a username) are compared with the stored value instead: a different one is a 400, never ignored.
 */

const SET_BY_SERVER = 'Read-only: set by the server. A write may send it back as read; it is ignored.';

/** Marks a field of a response shape as one that no write sets. */
export function readOnly<S extends z.ZodType>(schema: S, description = SET_BY_SERVER): S {
  return schema.meta({ readOnly: true, description });
}

/** A read-only field as a write body takes it: optional, of the type GET sends, and dropped once validated. */
export function ignoredOnWrite<S extends z.ZodType>(schema: S, description = SET_BY_SERVER) {
  return schema
    .optional()
    .transform((): undefined => undefined)
    .meta({ readOnly: true, description });
}

/** A read-only field a write body may send only with the stored value (checked where the stored value is known). */
export function mustMatchOnWrite<S extends z.ZodType>(schema: S, description: string) {
  return schema.optional().meta({ readOnly: true, description });
}
