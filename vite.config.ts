import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyles } from './scripts/vite-antd-styles';
import { qiankunEntry, scopeStyles } from './scripts/vite-micro-frontend';
import { embedding } from './src/host/names';

const backend = 'http://localhost:8000';

export default defineConfig({
  plugins: [react(), qiankunEntry(embedding.mountId), antdStaticStyles()],
  css: {
    postcss: { plugins: [scopeStyles(`.${embedding.scopeClass}`, embedding.antPrefix)] },
  },
  build: {
    outDir: 'dist',
    // scripts/login-size.ts reads the manifest to measure what the login screen loads.
    manifest: true,
    // Every browser the product supports (Chromium 66+, Firefox 115+, Safari 17+) preloads modules
    // itself; an older one only loads them a little later, so the polyfill is not worth its bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': backend,
      '/studio': backend,
    },
  },
});
