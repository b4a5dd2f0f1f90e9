import { build, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/** Absolute path of apps/web, independent of the directory vite is started from. */
const webRoot = decodeURIComponent(new URL('.', import.meta.url).pathname);

const backend = 'http://127.0.0.1:8080';

/**
 * src/boot.ts, the page's first script, written into index.html as an inline classic script at the top
 * of <head> (bundled on its own into one IIFE): it runs while the document is parsed, before the app's
 * scripts are even fetched — a module script would wait for its chunks, and one written in index.html
 * would be bundled into the app's entry. The dev server loads it as a module.
 */
function bootScript(): Plugin {
  const entry = `${webRoot}src/boot.ts`;
  return {
    name: 'bi-boot-script',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        // the embed entry (embed.html) has no boot script: its CSP allows no inline script
        if (ctx.path.endsWith('/embed.html')) return html;
        let tag = `<script type="module" src="/src/boot.ts"></script>`;
        if (ctx.bundle) {
          const built = await build({
            configFile: false,
            logLevel: 'warn',
            root: webRoot,
            build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'biBoot', fileName: () => 'boot.js' } },
          });
          const output = (Array.isArray(built) ? built[0] : built) as { output: { type: string; code?: string }[] };
          const code = output.output.find((o) => o.type === 'chunk')?.code ?? '';
          tag = `<script>${code.trim().replace(/<\/script/gi, '<\\/script')}</script>`;
        }
        // the chart renderers' chunk (ECharts), which the dashboard imports as soon as it opens: fetched and
        // compiled from the start instead of once the dashboard's content is in
        const renderer = ctx.bundle ? Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isDynamicEntry && c.facadeModuleId?.endsWith('/modules/chart/components/ChartRenderer.tsx')) : undefined;
        const preload = renderer && renderer.type === 'chunk' ? [renderer.fileName, ...renderer.imports].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('') : '';
        return html
          .replace(/(\s*)<meta charset="UTF-8" \/>/, `$1<meta charset="UTF-8" />$1${tag}`)
          .replace(/(\s*)<\/head>/, preload ? `$1  ${preload}$1</head>` : '$1</head>');
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: '/',
  plugins: [react(), bootScript()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // the app, and the embed pages' entry (served by the BFF at /embed/chart|dashboard/{id}, docs/api/embedding.md)
    rollupOptions: { input: { main: `${webRoot}index.html`, embed: `${webRoot}embed.html` } },
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
