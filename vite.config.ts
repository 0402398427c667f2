import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports always resolve to its development build (warnings and their texts included;
// remix-run/react-router#12532, #14102). Production builds take the production build it ships beside it; both
// entries point into the same directory, so react-router-dom and the app share one copy of the router.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

// The app is a single-page app; the visualizer and the credit area are split into their own chunks by
// route-level lazy imports (see src/app/App.tsx).
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The sign-in page is the first page of every signed-out visit; its initial JavaScript has a budget (issue 2
          // targets). Fewer, larger chunks compress better (one gzip stream each) and save the cross-chunk imports.
          groups: [
            {
              // Everything the entry imports statically runs on every page before the first render, so it ships as
              // two chunks: libraries (which change rarely; the Mantine core and the components the start-up code
              // renders included) and the app's start-up code, rather than the dozen shared pieces automatic
              // splitting makes of it.
              name: 'vendor',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
            },
            { name: 'startup', tags: ['$initial'] },
            {
              // The sign-in route with what it imports beyond those two chunks (its page and machine, the account
              // form validation, the Mantine inputs and alert) in one chunk: the sign-in page then downloads one
              // route chunk instead of half a dozen small ones. Other pages take the inputs from it.
              name: 'sign-in',
              test: /src[\\/]app[\\/]routes[\\/]SignInRoute\.tsx$/,
            },
          ],
        },
      },
    },
  },
}));
