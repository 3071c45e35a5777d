import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * One theme (docs/product.md §1): a dark navy primary that passes WCAG AA with white
 * text, one accent (B.C. gold, used only on navy), the system font stack and focus rings that always show for keyboards.
 * Contrast with white: shade 7 is 9.4:1, shade 9 14.2:1; gold on shade 9 is 8.2:1.
 */
const navy: MantineColorsTuple = [
  '#e9eef6',
  '#d0dbeb',
  '#a5b9d8',
  '#7895c3',
  '#5276b0',
  '#3a62a3',
  '#2b5495',
  '#1f4584',
  '#15386f',
  '#0c2a57',
];

const gold: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc0',
  '#fee49a',
  '#fdd873',
  '#fdce55',
  '#fcc43d',
  '#fcba19',
  '#e0a40f',
  '#c78f06',
  '#a87700',
];

export const BRAND = {
  headerBackground: navy[9],
  navBackground: navy[0],
  accent: gold[6],
  /** Focus ring on light backgrounds (5.7:1 on white) and on the navy header (gold). */
  focusOnLight: '#2e5dd7',
  focusOnDark: gold[6],
} as const;

const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'navy',
  primaryShade: { light: 7, dark: 4 },
  colors: { navy, gold },
  autoContrast: true,
  luminanceThreshold: 0.4,
  fontFamily: SYSTEM_FONTS,
  headings: { fontFamily: SYSTEM_FONTS, fontWeight: '650' },
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  defaultRadius: 'sm',
  focusRing: 'auto',
  cursorType: 'pointer',
  black: '#1b1f24',
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    Button: { defaultProps: { radius: 'sm' } },
  },
});

/** Mantine's "dimmed" grey is 3.3:1 on white; hints and descriptions must reach 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--app-focus-color': BRAND.focusOnLight,
    '--app-header-bg': BRAND.headerBackground,
    '--app-nav-bg': BRAND.navBackground,
    '--app-accent': BRAND.accent,
  },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Mantine's error red (red.6) is 3.6:1 on white; red.9 is 5.9:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
