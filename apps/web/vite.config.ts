import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ATENDE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
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
