import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards API and socket traffic to the gateway, so the browser talks to
// one origin in development exactly as it does behind the gateway in production.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/socket.io': { target: gateway, changeOrigin: true, ws: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
