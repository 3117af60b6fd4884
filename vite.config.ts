import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { antdStaticStyles } from './scripts/vite-antd-styles';
import { qiankunEntry, scopeStyles } from './scripts/vite-micro-frontend';
import { embedding } from './src/host/names';

const backend = 'http://localhost:8000';

export default defineConfig({
  plugins: [
    react(),
    qiankunEntry(embedding.mountId),
    antdStaticStyles(),
    // Each asset also as .br and .gz beside it, which the server sends to a browser that accepts
    // them (server/plugins/web.ts): the app's files are a tenth of their size on the wire.
    compression({ algorithms: ['gzip', defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })] }),
  ],
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
