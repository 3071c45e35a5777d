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

/** A banner link may go to this site or to an http(s) address; anything else (javascript:, data:) is dropped. */
export function safeBannerUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.includes('\\')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
