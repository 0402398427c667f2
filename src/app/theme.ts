import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS_PX } from '../domain/constants';

// spec 000 §9: primary purple, secondary green (presentational); breakpoints 600, 900, 1440, 1536 px.

const purple: MantineColorsTuple = [
  '#f5eefc',
  '#e6daf3',
  '#cab1e6',
  '#ad86da',
  '#9462cf',
  '#844bc9',
  '#7c3fc7',
  '#6a31b0',
  '#5e2a9e',
  '#51228b',
];

const green: MantineColorsTuple = [
  '#e9fbef',
  '#d7f3e0',
  '#ade6c0',
  '#80d99d',
  '#5bcd80',
  '#44c66d',
  '#36c263',
  '#27ab52',
  '#1c9847',
  '#03843a',
];

const em = (px: number): string => `${px / 16}em`;

export const SECONDARY_COLOR = 'green';

export const theme = createTheme({
  primaryColor: 'purple',
  primaryShade: { light: 7, dark: 5 },
  colors: { purple, green },
  breakpoints: {
    xs: em(BREAKPOINTS_PX.xs),
    sm: em(BREAKPOINTS_PX.sm),
    md: em(BREAKPOINTS_PX.md),
    lg: em(BREAKPOINTS_PX.lg),
    // Mantine needs a fifth step; the spec names four, so xl is the common 1920 px desktop width.
    xl: em(1920),
  },
  defaultRadius: 'md',
  // Visible keyboard focus everywhere (accessibility), not only where the browser decides.
  focusRing: 'auto',
  other: { secondaryColor: SECONDARY_COLOR },
});
