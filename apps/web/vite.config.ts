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

/**
 * What every page runs, in one file instead of a dozen (each extra request costs a round trip on
 * a slow phone): the framework, the schema-free part of the rules and the protocol
 * (`@mm/rules/pure`, each family's `@mm/rules/families/<id>/pure`, `@mm/protocol/pure`) and the
 * small shared helpers. zod, the engines, the schemas and the presets stay out: only the pages that
 * parse (the home page's options, the replay) load them, in chunks of their own, so a room link
 * paints without them; so do the socket client, the replay's solver and the QR encoder. src/csp.ts belongs here, with the one zod module it needs (zod's
 * config): it turns zod's eval probe off before any later chunk builds a schema.
 */
const CORE: RegExp[] = [
  /node_modules[\\/](svelte|clsx)[\\/]/,
  /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/,
  /packages[\\/]rules[\\/]src[\\/](pure|core[\\/](errors|code|score|rng|family|preset|bot)|families[\\/][a-z0-9]+[\\/]pure)\.ts$/,
  /packages[\\/]protocol[\\/]src[\\/](pure|constants|errors|fairness|csp)\.ts$/,
  /apps[\\/]web[\\/]src[\\/](csp\.ts|lib[\\/](i18n[\\/](core|index|family-messages)|table|router|net[\\/](api|storage|tokens|describe)|pwa[\\/](push|turn-alert))|families[\\/](index|types|family-name|[a-z0-9]+[\\/]model)\.|components[\\/]BotIcon\.)/,
];

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
            { name: 'core', test: (id) => CORE.some((re) => re.test(id)) },
            // the rest of zod, the rules and the protocol: the engines and schemas, which core leaves out
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]|packages[\\/](rules|protocol)[\\/]/ },
            // the replay analysis's solver, shared by the analysis and the families' pieces of it
            { name: 'solver', test: /packages[\\/]solver[\\/]/ },
          ],
        },
      },
    },
  },
});
