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
  },
  server: {
    proxy: { '/public': api, '/rest': api, '/versions.json': api },
  },
});
