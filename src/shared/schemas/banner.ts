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
