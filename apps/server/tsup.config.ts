import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  // Worker threads with their own entries: the document parser (knowledge/parsers/run.ts), the long-lived
  // analysis worker that splits and analyses parsed files (knowledge/ingest/analysis.ts) and PGlite (db/pglite-remote.ts).
  entry: {
    main: 'src/main.ts',
    'parse-worker': 'src/knowledge/parsers/parse-worker.ts',
    'analysis-worker': 'src/knowledge/ingest/analysis-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Our workspace code is bundled; npm dependencies stay in node_modules.
  noExternal: ['@atende/shared'],
  onSuccess: async () => {
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
