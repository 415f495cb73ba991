/**
 * Vite config of the studio (renderer/): builds to dist/renderer/, which the service serves at `/`.
 * `npm run dev:renderer` proxies /v1 and the file routes to a running service
 * (RIGDESK_API, default http://127.0.0.1:7878).
 */
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * Content Security Policy of the built studio: scripts only from the studio's origin; data and
 * blobs for textures decoded by three.js and for workers; loopback for `?api=` development.
 */
export const STUDIO_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http://127.0.0.1:* http://localhost:*",
  "connect-src 'self' data: blob: http://127.0.0.1:* http://localhost:*",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function csp(enabled: boolean): Plugin {
  return {
    name: 'rigdesk-csp',
    transformIndexHtml: (html) =>
      html.replace('%CSP%', enabled ? `<meta http-equiv="Content-Security-Policy" content="${STUDIO_CSP}" />` : ''),
  };
}

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'RIGDESK_');
  const target = env.RIGDESK_API || 'http://127.0.0.1:7878';
  const proxy = { '/v1': { target, changeOrigin: false }, '/files': { target }, '/openapi.json': { target } };
  return {
    root: 'renderer',
    base: './',
    plugins: [react(), csp(command === 'build')],
    build: {
      outDir: '../dist/renderer',
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 2000,
      rollupOptions: {
        output: {
          manualChunks: (id) => (id.includes('node_modules/three') ? 'three' : id.includes('node_modules') ? 'vendor' : undefined),
        },
      },
    },
    worker: { format: 'es' },
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173, proxy },
  };
});
