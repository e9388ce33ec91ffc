import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** The API server (apps/server) listens here in development. */
const SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [svelte()],
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
