import { createTheme, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';
import { ANIMATION_MS, BREAKPOINTS_PX } from '../domain/constants';

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
  // The darkest shade is the text of green light badges, alerts and buttons: 5.5:1 on their tint (WCAG 1.4.3).
  '#027332',
];

const em = (px: number): string => `${px / 16}em`;

export const SECONDARY_COLOR = 'green';

/** A component's default props in the theme. */
const defaults = (defaultProps: Record<string, unknown>): MantineThemeComponent => ({ defaultProps });

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
  // Visible keyboard focus everywhere (WCAG 2.2 2.4.7): Mantine's ring, in the primary colour (7.8:1 on white),
  // on every control reached with the keyboard.
  focusRing: 'auto',
  // WCAG 2.2 2.3.3: people who ask their system for reduced motion get no transitions (dialogs, sections opening, and
  // the bars and rings below, which carry Mantine's data-reduce-motion mark for it).
  respectReducedMotion: true,
  // Plain defaults, not `Anchor.extend(...)`: `extend` only types its argument, and importing the components here would
  // put them (and Floating UI, which the tooltip needs) in the start-up code of every page (docs/benchmarks.md §1).
  components: {
    // WCAG 2.2 1.4.1: a link inside text differs from it by more than colour.
    Anchor: defaults({ underline: 'always' }),
    // spec 001 §9: animations other than counters take 0.5 s — bars and rings filling, sections opening.
    Progress: defaults({ transitionDuration: ANIMATION_MS, attributes: { section: { 'data-reduce-motion': true } } }),
    RingProgress: defaults({ transitionDuration: ANIMATION_MS, attributes: { curve: { 'data-reduce-motion': true } } }),
    Collapse: defaults({ transitionDuration: ANIMATION_MS }),
    Accordion: defaults({ transitionDuration: ANIMATION_MS }),
  },
  other: { secondaryColor: SECONDARY_COLOR },
});

/**
 * WCAG 2.2 AA contrast (1.4.3) for secondary text: Mantine's dimmed text (gray 6, #868e96) reaches 3.3:1 on white
 * and its placeholders (gray 5) 2:1, below 4.5:1. These reach 6.1:1 (dimmed) and 5.2:1 (placeholder) on white, and
 * dimmed text 5.8:1 on the light gray page background. A field's error (its text and its red border) takes red 9
 * (#c92a2a, 5.9:1 on white) instead of Mantine's red 6 (3.3:1). Pass to MantineProvider's `cssVariablesResolver`.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#666d75', '--mantine-color-error': '#c92a2a' },
  dark: {},
});
