// Vite build and dev server for the Fluxo single-page app (root ui/, output ui/dist).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const uiRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root: uiRoot,
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No vendor groups: a group gathers every module of a library the whole app uses into one
    // chunk, so the login page downloaded all of MUI, react-admin and recharts. Split by import
    // instead, each page (React.lazy) pulls only the code it draws; recharts lives in the chart
    // pages' chunks alone.
  },
});
