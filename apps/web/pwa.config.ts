/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The logo every icon is rendered from: one source, so the icons cannot drift from it. */
const LOGO = new URL('./public/favicon.svg', import.meta.url);
const THEME = '#1d2b4f';
const BACKGROUND = '#eef1f6';

/** Renders the SVG logo as a square PNG of `size` pixels; `scale` < 1 leaves a margin of `fill`. */
function renderIcon(svg: string, size: number, scale = 1, fill?: string): Buffer {
  const inner = Math.round(size * scale);
  const offset = Math.round((size - inner) / 2);
  // Nest the logo in a bigger canvas: the maskable icon keeps its art inside the 80 % safe zone.
  const body = svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 32 32';
  const framed = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${
    fill ? `<rect width="${size}" height="${size}" fill="${fill}"/>` : ''
  }<svg x="${offset}" y="${offset}" width="${inner}" height="${inner}" viewBox="${viewBox}">${body}</svg></svg>`;
  return new Resvg(framed, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

export const PWA_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** Emits the PNG icons of the manifest into the build, rendered from the logo at build time. */
export function pwaIcons(): Plugin {
  return {
    name: 'mm-pwa-icons',
    apply: 'build',
    generateBundle() {
      const svg = readFileSync(LOGO, 'utf8');
      const emit = (fileName: string, source: Buffer) => this.emitFile({ type: 'asset', fileName, source });
      emit('icons/icon-192.png', renderIcon(svg, 192));
      emit('icons/icon-512.png', renderIcon(svg, 512));
      // maskable: the platform crops to a circle or a squircle; the brand colour fills what it keeps
      emit('icons/icon-maskable-512.png', renderIcon(svg, 512, 0.7, THEME));
    },
  };
}

/**
 * The installable app (docs/architecture.md "Installable app and push"): a manifest, and our own
 * service worker (src/sw.ts: precache of the hashed shell, push and notificationclick) into which
 * the plugin injects the precache list. The page registers it itself (src/lib/pwa).
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Mastermind Table',
    short_name: 'Mastermind',
    description: 'Play Mastermind with friends: create a table, share the link, play in real time.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME,
    background_color: BACKGROUND,
    icons: PWA_ICONS,
  },
  injectManifest: {
    // the hashed app shell and what it shows; never API or socket traffic (that is not a file)
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
  },
};
