import { z } from 'zod';
import { safeLinkUrl } from '../link-url.ts';
import { textField } from './text.ts';

export const BANNER_TYPES = ['info', 'success', 'warning', 'error'] as const;

/** The site-wide advisory banner served at `/global/header.json`; `{}` when there is none. */
export const BannerSchema = z.object({
  text: textField({ label: 'Text', max: 500, required: true }),
  type: z.enum(BANNER_TYPES),
  icon: textField({ label: 'Icon', max: 40 }),
  // The same rule the banner uses when it renders the link: an https address or a path on this site, nothing a
  // browser would read as another host (`/\evil.example`, `//evil.example`, `/..//evil.example`).
  url: textField({ label: 'Address', max: 2000 })
    .refine((url) => safeLinkUrl(url) !== null, 'must be a web address starting with https:// or a path on this site')
    .optional(),
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannerResponseSchema = z.union([BannerSchema, z.object({}).strict()]);
export type BannerResponse = z.infer<typeof BannerResponseSchema>;

/**
 * The page's own copy of `/global/header.json`, written into index.html by the server as a JSON data block: the
 * banner is drawn with the first paint instead of pushing the page down when it arrives (layout shift, issue 21).
 */
export const BANNER_ELEMENT_ID = 'advisory-banner-data';

/**
 * `PUT /api/header`: `{}` clears the banner; anything else must be a whole banner. Not a union of the two: a refused
 * banner then names its own fields ("Text cannot contain control characters"), not "text is not a field".
 */
export const BannerRequestSchema = BannerSchema.partial()
  .strict()
  .superRefine((banner, ctx) => {
    if (Object.keys(banner).length === 0) return;
    if (banner.text === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Text is required' });
    if (banner.type === undefined)
      ctx.addIssue({ code: 'custom', path: ['type'], message: `Type is required: one of ${BANNER_TYPES.join(', ')}` });
    if (banner.icon === undefined) ctx.addIssue({ code: 'custom', path: ['icon'], message: 'Icon is required' });
  })
  .transform((banner): BannerResponse => (banner.text === undefined ? {} : (banner as Banner)));
