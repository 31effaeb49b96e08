import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ATENDE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/webhook', '/chat', '/widget.js'].map((p) => [p, { target: api }])),
  },
});
