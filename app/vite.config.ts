import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The admin app: served by Stratum at /admin (src/modules/admin-app). Preact's JSX is compiled by esbuild
// (no framework plugin). Built files get content hashes under assets/, which the server caches for a year.
const api = process.env.STRATUM_URL ?? 'http://localhost:8055';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // No inline <script> or data: modules: the server's Content-Security-Policy allows scripts from 'self' only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // @directus/sdk in one chunk: its index re-exports commands that its own modules import too, and split
        // across the lazy sections' chunks that made circular chunk imports (Rollup warns; execution order breaks).
        manualChunks: (id) => (id.includes('/node_modules/@directus/sdk/') ? 'sdk' : undefined),
      },
    },
  },
  // `npm run dev:app`: Vite's dev server on :5173 with the API of a running Stratum behind it.
  server: {
    proxy: Object.fromEntries(
      [
        '/auth',
        '/users',
        '/items',
        '/collections',
        '/fields',
        '/relations',
        '/permissions',
        '/policies',
        '/roles',
        '/activity',
        '/revisions',
        '/server',
        '/settings',
        '/utils',
        '/presets',
        '/schema',
        '/files',
        '/folders',
        '/assets',
        '/access',
        '/graphql',
      ].map((path) => [path, { target: api, changeOrigin: false }]),
    ),
  },
});
