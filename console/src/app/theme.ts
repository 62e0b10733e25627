// Contrail's Mantine theme. Shade 8 of indigo keeps links and filled buttons above 4.5:1 contrast
// on white (WCAG AA for normal text); Mantine's default shade 6 falls short for small text.
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 4 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/**
 * Mantine's default error red (shade 6) and dimmed grey fall under 4.5:1 on white for the small
 * text of field errors and descriptions; these shades stay above it.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
