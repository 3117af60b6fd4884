import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // scripts/login-size.ts reads the manifest to measure what the login screen loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/studio': backend,
    },
  },
});
