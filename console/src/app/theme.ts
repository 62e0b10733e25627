// Contrail's Mantine theme. Shade 8 of indigo keeps links and filled buttons above 4.5:1 contrast
// on white (WCAG AA for normal text); Mantine's default shade 6 falls short for small text.
import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 4 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Mantine draws a dialog's title bar as <header>, which outside a sectioning element is a
  // second banner landmark beside the page's own: the one banner is the console's header.
  // A closed select's or autocomplete's option list is not kept in the page (Mantine keeps it,
  // hidden, by default): kept, each one is positioned as the screen mounts, which makes the browser
  // compute the whole page's styles inside the first render's task on a phone.
  components: {
    Combobox: { defaultProps: { keepMounted: false } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Mantine's default error red (shade 6) and dimmed grey fall under 4.5:1 on white for the small
 * text of field errors and descriptions; these shades stay above it. The text of the light and
 * subtle variants (a status badge, say) sits on its colour's tint, where even shade 9 of green,
 * orange or yellow falls short: it is shade 9 darkened by a quarter, above 4.5:1 for every colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(
      Object.keys(t.colors).map((color) => [
        `--mantine-color-${color}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${color}-9) 75%, black)`,
      ]),
    ),
  },
  dark: {},
});
