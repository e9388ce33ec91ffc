import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { play, seatTable } from '../test-support/table';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { call } from '../test-support/api';
import { newDeviceToken } from '../test-support/finish';
import type { DailyAttempt } from '@mm/protocol';
import { fakeDist } from '../test-support/web-dist';
import { dailyPuzzle } from '../daily/derive';

const dist = fakeDist();
const DAILY_SECRET = 'web-pages-test-daily-secret-0123';
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('serving the web client', () => {
  // 23:30 UTC on 2026-11-26: puzzle 26 at UTC, though 27 is already today east of UTC+0:30.
  const server = useServer(
    'postgres',
    { webDist: dist, dailySecret: DAILY_SECRET },
    { now: () => new Date('2026-11-26T23:30:00Z') },
  );
  const get = (path: string, headers: Record<string, string> = {}) =>
    server.app.http.inject({ method: 'GET', url: path, headers });

  it('sends a hashed asset brotli-compressed to a browser that takes brotli, gzip to one that takes gzip, cached for a year', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const app');

    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('export const app');

    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const app');
  });

  it('sends only the files the build had when it started, each at its exact path', async () => {
    // Routed once at start (no folder read per request): a file written later, or a path spelled
    // otherwise, is not sent as a file. Under /assets/ the answer is a typed 404 (an old page asking
    // for a chunk its build no longer has); elsewhere the client's own not-found page answers.
    writeFileSync(join(dist, 'assets', 'late-def456.js'), 'export const late = 1;\n');
    for (const path of ['/assets/late-def456.js', '/assets/APP-ABC123.js']) {
      const res = await get(path, { 'accept-encoding': 'identity' });
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const other = await get('/ASSETS/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toMatch(/^text\/html/);
    expect(other.body).not.toContain('export const');
    const head = await server.app.http.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/javascript/);
  });

  it('has every page, the service worker and the manifest revalidated (no-cache)', async () => {
    for (const path of [
      '/',
      '/history',
      '/r/AAAAAAAAAAAAAAAA',
      '/m/AAAAAAAAAAAAAAAA',
      '/some/unknown/page',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends the page compressed and paints its shell in the visitor’s language', async () => {
    const res = await get('/', { 'accept-encoding': 'br', 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('aria-label="Chargement…"');
    expect(html).toContain('<meta property="og:title" content="Mastermind Table" />');
  });

  it('writes the chosen theme from its cookie into the page', async () => {
    expect((await get('/', { cookie: 'a=b; mm_theme=dark' })).body).toContain('<html lang="en" data-theme="dark"');
    expect((await get('/', { cookie: 'mm_theme=<script>' })).body).toContain('<html lang="en">');
  });

  it('answers an API path that does not exist with a typed 404, not the page', async () => {
    const res = await get('/api/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('describes a room link for chat apps from its public summary, with the family’s preview image', async () => {
    const created = await createRoom(server.url, { family: 'mm44', options: { seating: '3x1' } });
    const ann = await Player.connect(server.url);
    try {
      await ann.join(created.json.id);
      expect((await ann.claim(0, 'Ann')).ok).toBe(true);
      const html = (await get(`/r/${created.json.id}`, { 'accept-language': 'en' })).body;
      expect(html).toContain('<meta property="og:title" content="Ann invites you to a Master Mind 44 game" />');
      expect(html).toContain('<meta property="og:description" content="2 seats free" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/og\/mm44\.png" \/>/);
      expect(html).toContain('<h1>Master Mind 44</h1>');
      const image = await get('/og/mm44.png');
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      ann.close();
    }
  });

  it('gives a Code of the day’s room link no preview: it names its player to nobody', async () => {
    const device = newDeviceToken();
    expect((await call(server.url, 'PUT', '/api/me/name', device, { name: 'Zed' })).status).toBe(200);
    const attempt = (await call(server.url, 'POST', '/api/daily/attempt', device, { n: 26, hard: false })).json as DailyAttempt;
    const html = (await get(`/r/${attempt.roomId}`, { 'accept-language': 'en' })).body;
    expect(html).not.toContain('Zed');
    expect(html).not.toContain('invites you');
  });

  it('describes the Code of the day’s link by today’s puzzle number at UTC, in the visitor’s language, with no spoiler', async () => {
    const en = (await get('/daily', { 'accept-language': 'en' })).body;
    expect(en).toContain('<meta property="og:title" content="Code of the day #26" />');
    expect(en).toContain(
      '<meta property="og:description" content="One code for everyone today, ten guesses to break it. Your turn." />',
    );
    expect(en).toMatch(/<meta property="og:url" content="http:\/\/localhost:\d+\/daily" \/>/);
    expect(en).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/og\/race\.png" \/>/);
    expect(en).toContain('<title>Code of the day #26 — Mastermind Table</title>');
    expect((await get('/daily', { 'accept-language': 'fr' })).body).toContain('content="Code du jour n° 26"');
    expect((await get('/daily', { 'accept-language': 'de' })).body).toContain('content="Code des Tages Nr. 26"');
    expect((await get('/daily/27')).body).toContain('content="Code of the day #27"');
    expect((await get('/daily/x')).body).toContain('content="Code of the day #26"');
    for (const n of [26, 27]) {
      const { code, salt } = dailyPuzzle(DAILY_SECRET, n);
      for (const html of [en, (await get(`/daily/${n}`)).body]) {
        expect(html).not.toContain(salt);
        expect(html).not.toContain(code.join(''));
        expect(html).not.toContain(JSON.stringify(code));
      }
    }
  });

  it('names the room’s family by its own name in the visitor’s language, and draws only families it knows', async () => {
    const created = await createRoom(server.url, { family: 'rotation' });
    const html = (await get(`/r/${created.json.id}`, { 'accept-language': 'de' })).body;
    expect(html).toContain('<h1>Reihum</h1>');
    expect(html).toContain('<meta property="og:title" content="Du bist zu einer Partie Reihum eingeladen" />');
    expect((await get('/og/rotation.png')).headers['content-type']).toBe('image/png');
    // no such picture: the app's page answers, as for any unknown path
    expect((await get('/og/checkers.png')).headers['content-type']).toMatch(/^text\/html/);
  });

  it('puts nothing hidden into a room link’s page: no seat token, no secret, no seed or salt', async () => {
    const table = await seatTable(server.url, { family: 'duel' }, 2);
    try {
      const secret = [5, 4, 3, 2];
      await play(table.seats[0]!, { type: 'setSecret', code: secret }, table.everyone);
      const html = (await get(`/r/${table.roomId}`)).body;
      for (const p of table.seats) expect(html).not.toContain(p.seatToken);
      const room = (await server.app.rooms.get(table.roomId))!;
      expect(html).not.toContain(room.seed);
      expect(html).not.toMatch(/5\D{0,3}4\D{0,3}3\D{0,3}2/);
      expect(html).toContain('content="Seat 0 invites you to a Duel game"');
      expect(html).toContain('content="the table is full: come and watch"');
    } finally {
      table.close();
    }
  });

  it('escapes a player’s name in the preview tags', async () => {
    const created = await createRoom(server.url, { family: 'duel' });
    const ann = await Player.connect(server.url);
    try {
      await ann.join(created.json.id);
      expect((await ann.claim(0, '"><script>x</script>')).ok).toBe(true);
      const html = (await get(`/r/${created.json.id}`)).body;
      expect(html).not.toContain('<script>x</script>');
      expect(html).toContain('content="&quot;&gt;&lt;script&gt;x&lt;/script&gt; invites you to a Duel game"');
    } finally {
      ann.close();
    }
  });
});
