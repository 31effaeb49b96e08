// Bundles the framework-free loader into the web app's public folder (served as /widget.js).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const outfile = '../web/public/widget.js';
const BUDGET_GZIP_BYTES = 5 * 1024;

await build({
  entryPoints: ['src/widget.ts'],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2018',
  legalComments: 'none',
  banner: { js: '/* Generated from apps/widget/src/widget.ts. */' },
});

const size = gzipSync(readFileSync(outfile), { level: 9 }).byteLength;
console.log(`widget.js: ${size} bytes gzipped (budget ${BUDGET_GZIP_BYTES})`);
if (size > BUDGET_GZIP_BYTES) {
  console.error('widget.js is over its size budget.');
  process.exit(1);
}
