import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  // The document parser runs in a worker thread with its own entry (see knowledge/parsers/run.ts).
  entry: { main: 'src/main.ts', 'parse-worker': 'src/knowledge/parsers/parse-worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Our workspace code is bundled; npm dependencies stay in node_modules.
  noExternal: ['@atende/shared'],
  onSuccess: async () => {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
