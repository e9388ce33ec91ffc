import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DAILY_FAMILY, families, getFamily, puzzleNumberOf, type AnyFamily, type Lang } from '@mm/rules';
import { roomIdSchema, type RoomSummary } from '@mm/protocol';
import { declarePublic, PUBLIC } from '../http/private-answer';
import { TokenBucket } from '../shared/token-bucket';
import { ogImage } from './og-image';
import { PAGE_MESSAGES, pageLang } from './page-messages';

/**
 * The web client over HTTP: its files, and its one HTML page.
 *
 * - Hashed files (`/assets/…`, their names change with their content) are cached for a
 *   year, `immutable`; everything else is revalidated (`no-cache`) so a new build, a new
 *   service worker or manifest is seen at once.
 * - Files are sent precompressed: the build writes `.br` and `.gz` copies beside them.
 * - The page is index.html with a few things written in per request: the language of the
 *   shell painted before any script, the title of the room, the theme the visitor chose
 *   (a cookie, since no inline script may read localStorage under the CSP), and for a room
 *   link the Open Graph / Twitter card tags chat apps show as a preview. Those describe the
 *   room's public summary only (family, seat A's name, free seats): nothing hidden.
 */
export interface WebPagesDeps {
  webDist: string;
  /** the room's public summary, or null if there is no such room */
  roomSummary: (roomId: string) => Promise<RoomSummary | null>;
  /** origin of absolute links (og:url, og:image): PUBLIC_URL, never the request's Host or X-Forwarded-* headers */
  publicOrigin: () => string;
  /** the clock that numbers the Code of the day (tests move it) */
  now?: () => Date;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PREVIEW_BURST = 60;
const PREVIEWS_PER_SECOND = 10;
const REVALIDATE = 'no-cache';
/** cookie the client writes when the visitor picks a theme in the header */
export const THEME_COOKIE = 'mm_theme';

/**
 * Per address, in this process: a link preview over the limit degrades (the page goes out
 * without the room's tags) instead of being refused, so it is not one of the edge's limits.
 */
function perAddressLimiter(burst: number, perSecond: number): (req: FastifyRequest) => boolean {
  const buckets = new Map<string, TokenBucket>();
  return (req) => {
    if (buckets.size > 10_000) buckets.clear();
    let bucket = buckets.get(req.ip);
    if (!bucket) buckets.set(req.ip, (bucket = new TokenBucket(burst, perSecond)));
    return bucket.take();
  };
}

/** The handler that answers a page path with the app. */
export type SendPage = (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export interface WebPages {
  /** answers any page path no route names with the app (the client routes it, its "not found" page included) */
  sendPage: SendPage;
  /** registers the client's files and pages */
  register(http: FastifyInstance): Promise<void>;
}

/**
 * The client's page, read from WEB_DIST once: made before the HTTP server, whose "not found"
 * handler answers with it, and registered on it once made.
 */
export function loadWebPages(deps: WebPagesDeps): WebPages {
  // as built when the server started: the files it names are those `register` routes
  const template = readFileSync(join(deps.webDist, 'index.html'), 'utf8');
  // A room link's preview reads the database: bounded per address like API reads (beyond it,
  // the page is sent without the room's tags rather than refused).
  const allowPreview = perAddressLimiter(PREVIEW_BURST, PREVIEWS_PER_SECOND);

  const page = async (req: FastifyRequest, reply: FastifyReply, roomId?: string, daily?: number): Promise<FastifyReply> => {
    const lang = pageLang(req.headers['accept-language']);
    const origin = deps.publicOrigin();
    const summary = roomId && allowPreview(req) ? await deps.roomSummary(roomId).catch(() => null) : null;
    const html = renderPage(template, {
      lang,
      theme: themeOf(req.headers.cookie),
      origin,
      path: req.url.split('?')[0] ?? '/',
      summary,
      daily: daily ?? null,
    });
    return sendHtml(req, reply, html);
  };

  return {
    sendPage: (req, reply) => page(req, reply),
    async register(http) {
      // One route per file, listed once at start: with a wildcard route, @fastify/static read the
      // folders of every path it was asked for (checking its spelling), 0.7 ms of CPU per asset and
      // ~130 assets per phone installing the service worker (docs/performance.md). The client's files
      // are those of the build the server started with; a new build is served after a restart.
      // The same files for everyone: public (the plugin takes no route config, so its scope declares them).
      await http.register(async (files) => {
        files.addHook('onRoute', declarePublic);
        await files.register(fastifyStatic, {
          root: deps.webDist,
          wildcard: false,
          preCompressed: true,
          index: false,
          cacheControl: false,
          setHeaders: (reply, path) => {
            reply.header('cache-control', relative(deps.webDist, path).startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE);
          },
        });
      });

      http.get('/', PUBLIC, (req, reply) => page(req, reply));
      http.get('/history', PUBLIC, (req, reply) => page(req, reply));
      http.get<{ Params: { id: string } }>('/m/:id', PUBLIC, (req, reply) => page(req, reply));
      http.get<{ Params: { id: string } }>('/r/:id', PUBLIC, (req, reply) => {
        const id = roomIdSchema.safeParse(req.params.id);
        return page(req, reply, id.success ? id.data : undefined);
      });
      // The Code of the day's link: today's number at UTC (the link's own, when it names one), no spoiler.
      const today = (): number => puzzleNumberOf((deps.now ?? (() => new Date()))().toISOString().slice(0, 10));
      http.get('/daily', PUBLIC, (req, reply) => page(req, reply, undefined, today()));
      http.get<{ Params: { n: string } }>('/daily/:n', PUBLIC, (req, reply) => {
        const n = /^[1-9]\d{0,6}$/.test(req.params.n) ? Number(req.params.n) : today();
        return page(req, reply, undefined, n);
      });
      http.get<{ Params: { file: string } }>('/og/:file', PUBLIC, (req, reply) => {
        const family = /^(.+)\.png$/.exec(req.params.file);
        const board = family ? getFamily(family[1] as string)?.previewBoard : undefined;
        if (!board) return reply.callNotFound();
        return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(ogImage(board));
      });
    },
  };
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function themeOf(cookie: string | undefined): 'light' | 'dark' | null {
  const m = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|$)`).exec(cookie ?? '');
  return m ? (m[1] as 'light' | 'dark') : null;
}

export interface PageInput {
  lang: Lang;
  theme: 'light' | 'dark' | null;
  origin: string;
  path: string;
  summary: RoomSummary | null;
  /** the Code of the day's page, with the puzzle number its preview names */
  daily?: number | null;
}

/** A family's preview picture; the site's own is that of the first family the home page offers. */
const previewImage = (familyId: string, origin: string): string => new URL(`/og/${familyId}.png`, origin).toString();
const firstFamily = (): AnyFamily | undefined => Object.values(families())[0];

/** The family's own name in `lang` (the id of a family this server no longer knows). */
const familyName = (familyId: string, lang: Lang): string => getFamily(familyId)?.name[lang] ?? familyId;

/** What a room's link preview says: only what its public summary shows anyone. */
export function roomPreview(summary: RoomSummary, lang: Lang): { title: string; description: string; familyName: string } {
  const m = PAGE_MESSAGES[lang];
  const family = familyName(summary.family, lang);
  const host = summary.seats[0];
  // a bot's or a taken-over seat's name is still the public name shown at the table
  const title = host?.name ? m.invite(host.name, family) : m.inviteNoName(family);
  const free = summary.seats.filter((s) => s.name === null && !s.bot).length;
  return { title, description: summary.status.finished ? m.finished : m.seatsFree(free), familyName: family };
}

/** index.html with the page's language, theme, title, shell heading and preview tags filled in. */
export function renderPage(html: string, input: PageInput): string {
  const m = PAGE_MESSAGES[input.lang];
  const url = new URL(input.path, input.origin).toString();
  let title = m.title;
  let description = m.description;
  let image = previewImage(firstFamily()?.id ?? '', input.origin);
  let heading = m.title;
  if (input.summary) {
    const preview = roomPreview(input.summary, input.lang);
    title = preview.title;
    description = preview.description;
    image = previewImage(input.summary.family, input.origin);
    heading = preview.familyName;
  } else if (input.daily) {
    title = m.dailyTitle(input.daily);
    description = m.dailyDescription;
    image = previewImage(DAILY_FAMILY, input.origin);
    heading = title;
  }
  const meta = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', m.title],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:width', '1200'],
    ['property', 'og:image:height', '630'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ]
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value as string)}" />`)
    .join('\n    ');
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${input.lang}"${input.theme ? ` data-theme="${input.theme}"` : ''}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(heading === m.title ? m.title : `${heading} — ${m.title}`)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('<!--mm:meta-->', meta)
    .replace('<!--mm:heading-->', escapeHtml(heading))
    .replace('<!--mm:loading-->', escapeHtml(m.loading));
}

/** HTML is small and per request: compressed on the fly, never cached without revalidation. */
function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .header('vary', 'accept-encoding, accept-language, cookie');
  if (/\bbr\b/.test(accept)) {
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
