import { createTheme, type MantineColorsTuple } from '@mantine/core';
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

export const theme = createTheme({
  primaryColor: 'gold',
  primaryShade: { light: 6, dark: 5 },
  autoContrast: true,
  luminanceThreshold: 0.4,
  colors: { dark: navy, gold },
  white: '#f7f8fc',
  black: '#080f24',
  fontFamily,
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true, overlayProps: { blur: 3 } } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});
