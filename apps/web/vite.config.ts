import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaIcons, pwaOptions } from './pwa.config';

/** The API server (apps/server) listens here in development. */
const SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  // the installable app: manifest, icons rendered from the logo, service worker (pwa.config.ts)
  plugins: [svelte(), pwaIcons(), VitePWA(pwaOptions)],
  server: {
    proxy: {
      '/api': { target: SERVER },
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: SERVER },
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
