import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is a single-page app; the visualizer and the credit area are split into their own chunks by
// route-level lazy imports (see src/app/router.tsx).
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  build: { target: 'es2022', sourcemap: true },
});
