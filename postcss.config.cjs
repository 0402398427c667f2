// Mantine's PostCSS preset (rem/em, light/dark mixins) and the spec's breakpoints (spec 000 §9: 600, 900, 1440,
// 1536 px) as $mantine-breakpoint-* variables for CSS modules; src/app/theme.ts uses the same values.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '37.5em',
        'mantine-breakpoint-sm': '56.25em',
        'mantine-breakpoint-md': '90em',
        'mantine-breakpoint-lg': '96em',
        'mantine-breakpoint-xl': '120em',
      },
    },
  },
};
