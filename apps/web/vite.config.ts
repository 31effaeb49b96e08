import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';

const api = process.env.ATENDE_API_URL ?? 'http://localhost:3000';
const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * After the build, renders the landing page to static HTML (through Vite's SSR
 * module loader) and writes dist/landing.html: index.html with the page inside
 * #root and the landing page's description. The server answers `/` with it, so
 * the largest contentful paint does not wait for the JavaScript.
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  return {
    name: 'atende:prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
        plugins: [react()],
      });
      try {
        const { render, LANDING_DESCRIPTION } = (await server.ssrLoadModule('/src/features/landing/prerender.tsx')) as {
          render: () => string;
          LANDING_DESCRIPTION: string;
        };
        const escaped = LANDING_DESCRIPTION.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
          .replace('<div id="root"></div>', () => `<div id="root">${render()}</div>`)
          .replace(/(<meta (?:name="description"|property="og:description") content=")[^"]*"/g, (_m, start: string) => `${start}${escaped}"`);
        if (!html.includes('<div id="root"><')) throw new Error('prerender: #root not found in index.html');
        writeFileSync(path.join(outDir, 'landing.html'), html);
      } finally {
        await server.close();
      }
      // Last, so that landing.html is compressed too (Rollup runs plugins' closeBundle hooks in parallel).
      precompress(outDir);
    },
  };
}

/** What the server compresses: text types (apps/server/src/http/web-assets.ts serves `<file>.br` and `<file>.gz`). */
const COMPRESSIBLE = /\.(html|m?js|css|json|svg|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip level 9) next to every text file of the build larger
 * than 512 bytes. Compressing at build time keeps ~1.5 s of CPU out of every server start.
 */
function precompress(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(file);
    if (body.byteLength <= 512) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }));
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderLanding()],
  build: {
    target: 'es2022',
    // Every browser the app supports (es2022) preloads modules natively: no polyfill in the entry chunks.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Two entries: the app, and the standalone public chat page (kept small for customers and iframes).
    rollupOptions: { input: { main: 'index.html', chat: 'public-chat.html' } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/webhook', '/chat', '/widget.js'].map((p) => [p, { target: api }])),
  },
});
