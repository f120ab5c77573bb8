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
    // Preload lists: a lazy page's chunk and the chunks it imports are fetched together, not one level after the
    // other (the dashboard's first counter waited on three such levels). They used to cost the login page 6 KB
    // when the entry held the route table; the route table is now its own chunk (app/signed-in-routes.tsx), and
    // the lists left in the entry are ~2 KB. No polyfill: browsers without modulepreload just fetch on demand.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/public': api, '/rest': api, '/versions.json': api },
  },
});
