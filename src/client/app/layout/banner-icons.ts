import {
  IconAlertCircle,
  IconAlertOctagon,
  IconAlertTriangle,
  IconBell,
  IconCalendar,
  IconCircleCheck,
  IconClock,
  IconDatabase,
  IconExclamationCircle,
  IconInfoCircle,
  IconMail,
  IconNews,
  IconServer,
  IconSettings,
  IconSpeakerphone,
  IconTool,
  type Icon,
} from '@tabler/icons-react';
import { safeLinkUrl } from '../../../shared/link-url.ts';
import type { Banner } from '../../../shared/schemas/banner.ts';

/**
 * The banner names its icon (`alert-triangle`, `IconAlertTriangle`, `ti ti-alert-triangle` all work). Only these
 * are bundled: importing the whole icon set by name would add megabytes to the first load.
 */
const ICONS: Record<string, Icon> = {
  'alert-circle': IconAlertCircle,
  'alert-octagon': IconAlertOctagon,
  'alert-triangle': IconAlertTriangle,
  warning: IconAlertTriangle,
  bell: IconBell,
  calendar: IconCalendar,
  'circle-check': IconCircleCheck,
  check: IconCircleCheck,
  clock: IconClock,
  database: IconDatabase,
  'exclamation-circle': IconExclamationCircle,
  'info-circle': IconInfoCircle,
  info: IconInfoCircle,
  mail: IconMail,
  news: IconNews,
  server: IconServer,
  settings: IconSettings,
  speakerphone: IconSpeakerphone,
  megaphone: IconSpeakerphone,
  tool: IconTool,
  maintenance: IconTool,
};

const DEFAULT_ICONS: Record<Banner['type'], Icon> = {
  info: IconInfoCircle,
  success: IconCircleCheck,
  warning: IconAlertTriangle,
  error: IconAlertOctagon,
};

/** `IconAlertTriangle` / `ti ti-alert-triangle` / `Alert Triangle` → `alert-triangle`. */
export function normaliseIconName(name: string): string {
  return name
    .trim()
    .replace(/^(ti\s+)?(ti-|tabler-)/i, '')
    .replace(/^Icon(?=[A-Z])/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

export function bannerIcon(name: string | undefined, type: Banner['type']): Icon {
  return (name ? ICONS[normaliseIconName(name)] : undefined) ?? DEFAULT_ICONS[type];
}

/**
 * A banner link may go to an https address or a path on this site, by the rule the server stores it under
 * (`safeLinkUrl`); anything else (javascript:, data:, `/\\host`) is dropped, so a value stored before that rule is
 * not followed either.
 */
export function safeBannerUrl(url: string | undefined): string | undefined {
  return safeLinkUrl(url) ?? undefined;
}
