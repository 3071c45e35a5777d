import { z } from 'zod';
import { safeLinkUrl } from '../link-url.ts';

export const BANNER_TYPES = ['info', 'success', 'warning', 'error'] as const;

/** The site-wide advisory banner served at `/global/header.json`; `{}` when there is none. */
export const BannerSchema = z.object({
  text: z.string().min(1).max(500),
  type: z.enum(BANNER_TYPES),
  icon: z.string().max(40),
  // The same rule the banner uses when it renders the link: an https address or a path on this site, nothing a
  // browser would read as another host (`/\evil.example`, `//evil.example`, `/..//evil.example`).
  url: z
    .string()
    .max(2000)
    .refine((url) => safeLinkUrl(url) !== null, 'must be a web address starting with https:// or a path on this site')
    .optional(),
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannerResponseSchema = z.union([BannerSchema, z.object({}).strict()]);
export type BannerResponse = z.infer<typeof BannerResponseSchema>;

const REQUIRED_IN_A_BANNER = ['text', 'type', 'icon'] as const;

/**
 * `PUT /api/header`: what `/global/header.json` answers (a banner, or `{}` to clear it). One strict object rather
 * than a union of two, so an unknown field is refused by name (a union could only say "Invalid input").
 */
export const BannerInputSchema = BannerSchema.partial()
  .strict()
  .superRefine((banner, ctx) => {
    if (Object.keys(banner).length === 0) return;
    for (const key of REQUIRED_IN_A_BANNER) {
      if (banner[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in a banner (send {} to clear it)` });
      }
    }
  })
  .transform((banner) => banner as BannerResponse);
