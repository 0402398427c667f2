import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// npm run statecharts:build: the visualizer as a static site in dist-statecharts/, with relative URLs so it
// works from any folder or static server. The last statechart coverage (coverage/statecharts.json) is bundled
// when it exists.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./src/visualizer/site'),
  base: './',
  publicDir: false,
  plugins: [react()],
  build: { outDir: here('./dist-statecharts'), emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4000 },
  preview: { port: 4174, strictPort: true, host: '127.0.0.1' },
});
