import { defineConfig, type PluginOption } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-plugins/precompress';
import { pwaIcons, pwaOptions } from './pwa.config';

/** The API server (apps/server) listens here in development. */
const SERVER = 'http://127.0.0.1:3000';

/**
 * The build's plugins, in order: the installable app (manifest, icons rendered from the logo,
 * service worker: pwa.config.ts), then `precompress()`, last, so that it compresses whatever
 * the others wrote into dist.
 */
const plugins: PluginOption[] = [svelte(), pwaIcons(), VitePWA(pwaOptions), precompress()];

export default defineConfig({
  plugins,
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (the framework, the rules, the small shared helpers) in one
            // file instead of a dozen: each extra request costs a round trip on a slow phone.
            // The socket client, the replay's solver and the QR encoder stay out: pages load them on demand.
            // src/csp.ts belongs here, first: it turns zod's eval probe off before this chunk builds any schema.
            {
              name: 'core',
              test: /node_modules[\\/](svelte|clsx|zod)[\\/]|packages[\\/](rules|protocol)[\\/]|apps[\\/]web[\\/]src[\\/](csp\.ts|lib[\\/](i18n[\\/](core|index)|table|router|net[\\/](api|storage|tokens|describe))|families[\\/](index|types|[a-z0-9]+[\\/]model)\.)/,
            },
          ],
        },
      },
    },
  },
});
