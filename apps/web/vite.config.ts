import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/** Absolute path of apps/web, independent of the directory vite is started from. */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

const backend = 'http://127.0.0.1:8080';

/**
 * src/boot.ts, the page's first script, as its own entry and chunk: a module script written in
 * index.html would be bundled into the app's entry and run only after all of it was fetched and
 * compiled. The tag goes before the app's, so it runs first (module scripts run in document order).
 */
function bootScript(): Plugin {
  const tag = (src: string) => `<script type="module" crossorigin src="${src}"></script>`;
  return {
    name: 'bi-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = ctx.bundle ? Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'boot') : undefined;
        const src = boot ? `/${boot.fileName}` : '/src/boot.ts';
        return html.replace(/(\s*)<script type="module"/, `$1${tag(src)}$1<script type="module"`);
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react(), bootScript()],
  build: {
    rollupOptions: { input: { index: `${webRoot}index.html`, boot: `${webRoot}src/boot.ts` } },
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
