import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Absolute path of apps/web, independent of the directory vite is started from. */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
    },
  },
});
