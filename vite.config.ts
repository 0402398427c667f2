import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is a single-page app; the visualizer and the credit area are split into their own chunks by
// route-level lazy imports (see src/app/App.tsx).
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The Mantine core and the basic components every page renders (sign-in included), in one chunk
              // instead of a dozen tiny ones: fewer requests and better compression. Heavier components stay
              // with the routes that use them.
              name: 'mantine-basics',
              test: /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/](core|components[\\/](Box|Text|Title|Stack|Group|Button|UnstyledButton|Loader|Paper|Anchor|Center|Container|Alert|CloseButton|Input|InputBase|TextInput|PasswordInput|ActionIcon|Transition|Portal|VisuallyHidden))[\\/])/,
            },
            {
              // Everything the entry imports statically runs on every page before the first render, so it ships as
              // two chunks (libraries, which change rarely, and the app's start-up code) rather than the dozen
              // shared pieces automatic splitting makes of it: one gzip stream each compresses better, and the
              // sign-in page stays within its initial JavaScript budget (issue 2 targets).
              name: 'vendor',
              test: /node_modules[\\/]/,
              tags: ['$initial'],
            },
            { name: 'startup', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
