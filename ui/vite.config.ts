// Vite build and dev server for the Fluxo single-page app (root ui/, output ui/dist).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const uiRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

// Big libraries get their own long-lived chunks, so a change in app code does not bust them and
// no chunk passes Vite's 500 kB warning. Higher priority wins when a module matches two groups.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|react-is|scheduler|react-router|react-router-dom)[\\/]/, priority: 40 },
  { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs)[\\/]/, priority: 30 },
  { name: 'charts', test: /node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|decimal\.js-light)[\\/]/, priority: 30 },
  { name: 'react-admin', test: /node_modules[\\/](react-admin|ra-[^\\/]+|@tanstack|react-hook-form|lodash|query-string|node-polyglot|inflection|date-fns)[\\/]/, priority: 20 },
];

export default defineConfig({
  root: uiRoot,
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
