import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The dev server forwards API and socket traffic to the gateway, so the browser talks to
// one origin in development exactly as it does behind the gateway in production.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:3000';

/**
 * Libraries in chunks of their own, by how often they change and who needs them: a release
 * that changes only the app's code leaves the vendor files cached, and lightweight-charts
 * stays out of every page without a chart (only the chart components import it). The app's own
 * code of the first page is one file (`$initial`: what the entry imports statically): left to
 * itself the bundler cuts the parts lazy pages share into small chunks, and each costs the
 * first page a request and some compression.
 */
const chunkGroups = [
  {
    name: 'react',
    test: /\/node_modules\/(react|react-dom|scheduler|react-router|use-sync-external-store)\//,
  },
  { name: 'zod', test: /\/node_modules\/zod\// },
  { name: 'i18n', test: /\/node_modules\/(i18next|react-i18next)\// },
  { name: 'tanstack', test: /\/node_modules\/@tanstack\// },
  {
    name: 'socket',
    test: /\/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)\//,
  },
  { name: 'forms', test: /\/node_modules\/(react-hook-form|@hookform)\// },
  { name: 'charts', test: /\/node_modules\/(lightweight-charts|fancy-canvas)\// },
  { name: 'app', tags: ['$initial' as const] },
];

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies next to each file, made once at build time: the gateway sends
    // the copy the browser accepts and never compresses on a request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      threshold: 1024,
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/socket.io': { target: gateway, changeOrigin: true, ws: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay on the server for reading a stack trace; no file names them and the
    // gateway refuses to send them.
    sourcemap: 'hidden',
    rolldownOptions: {
      // @app/shared is declarations only (constants, zod schemas, pure functions): what a page
      // does not use is left out of its chunks, the admin schemas of the trade page for one.
      treeshake: { moduleSideEffects: (id: string) => !/\/shared\/src\//.test(id) },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
});
