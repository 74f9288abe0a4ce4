import {
  Badge,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
} from '@mantine/core';
import { fontFamily } from './font-family';

/**
 * A dark navy wallet with gold accents: the look players of this market trust for money apps.
 * `dark` is re-tuned to navy so every Mantine surface (body, inputs, papers) follows it.
 */
const navy: MantineColorsTuple = [
  '#d5dcf0',
  '#b3bddb',
  '#8d99bd',
  '#6776a0',
  '#465685',
  '#2c3b69',
  '#1d2a52',
  '#131e40',
  '#0d1631',
  '#080f24',
];

const gold: MantineColorsTuple = [
  '#fff9e6',
  '#fdf0c6',
  '#f9e193',
  '#f4d060',
  '#efc13a',
  '#ebb722',
  '#d9a514',
  '#bd8d0c',
  '#a27808',
  '#866203',
];

/**
 * A badge is a status the member reads (Running, Available, ยังไม่เปิดใช้งาน…), so it is never cut
 * to "RUN…" as Mantine's default one-line, ellipsed badge is on a narrow phone: it keeps its
 * one-line width when the row has room (no shrinking beside long text) and, only when wider than
 * its container, wraps onto more lines and grows in height.
 */
const wrappingBadge = {
  root: {
    flexShrink: 0,
    maxWidth: '100%',
    height: 'auto',
    minHeight: 'var(--badge-height)',
    overflow: 'visible',
  },
  label: { whiteSpace: 'normal', overflow: 'visible', overflowWrap: 'break-word' },
} as const;

export const theme = createTheme({
  primaryColor: 'gold',
  // One shade in both schemes: Mantine picks a filled colour's text by the light scheme's shade
  // even under the forced dark one, so with 6 there it chose white text for shade 5's light reds,
  // greens and teals.
  primaryShade: 5,
  autoContrast: true,
  // Text on a filled colour is whichever of the theme's black and white contrasts more with it
  // (they tie at a luminance of about 0.18), so it meets WCAG AA's 4.5:1 (docs/accessibility.md).
  luminanceThreshold: 0.179,
  colors: { dark: navy, gold },
  white: '#f7f8fc',
  black: '#080f24',
  fontFamily,
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Badge: Badge.extend({ styles: wrappingBadge }),
    Button: { defaultProps: { radius: 'xl' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true, overlayProps: { blur: 3 } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});

/**
 * Mantine's dark error colour (red.8: a field's error and its text) reads at about 3:1 on the navy
 * fields and cards; red.4, the app's own error text, at 6:1 and more (WCAG AA asks 4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {},
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
