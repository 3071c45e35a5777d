import { z } from 'zod';

/**
 * `approvedOnly=true`: only records of approved returns count (docs/product.md §11.3). The reports
 * and the exports take the same parameter, refused the same way.
 */
export const ApprovedOnlySchema = z.enum(['true', 'false'], { error: 'approvedOnly must be true or false' }).optional();
