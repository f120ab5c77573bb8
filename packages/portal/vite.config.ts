import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server forwards to (npm start serves it on 8080).
const api = process.env.TRELLIS_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/check-bundle.mjs reads the manifest to measure the login route.
    manifest: true,
    chunkSizeWarningLimit: 700,
    // No preload lists of each lazy page's chunks in the entry: with ~270 chunks they were 6 KB of the login page's
    // gzipped JavaScript (its budget is 200 KB, DESIGN §10). A page's own imports are then fetched as the browser
    // reads it, one more round trip on a first visit (docs/decisions.md, Portal bundle).
    modulePreload: false,
  },
  server: {
    proxy: { '/public': api, '/rest': api, '/versions.json': api },
  },
});
