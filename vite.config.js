// Vite serves web/ in development and writes a static site to dist/ that works from any static
// host or sub-path (relative URLs) and carries a Content-Security-Policy (no inline script, no eval).
import { defineConfig } from 'vite';

const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'", // lil-gui and uPlot set element styles
  "img-src 'self' data: blob:",
  "font-src 'self' data:", // lil-gui's icon font
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

function contentSecurityPolicy() {
  return {
    name: 'edpd-csp',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  <meta http-equiv="Content-Security-Policy" content="${CSP}">`);
    },
  };
}

export default defineConfig({
  root: 'web',
  base: './',
  publicDir: false,
  plugins: [contentSecurityPolicy()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['edpd.mjs'] },
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 4173 },
});
