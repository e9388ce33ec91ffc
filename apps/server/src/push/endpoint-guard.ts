import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';

/**
 * Which push endpoints the server may contact. A subscription's endpoint is a URL the client
 * hands us and the server later POSTs to: without this guard anyone could make the server send
 * requests into its own network (server-side request forgery). Only https on the browsers' push
 * services passes, or an origin the operator lists in PUSH_ALLOWED_ORIGINS (tests use a local one).
 *
 * Three layers, because URL parsers disagree (web-push sends with Node's legacy `url.parse`,
 * which reads `https://2130706433%2enotify%2ewindows%2ecom/x` or `https:fcm.googleapis.com/y`
 * differently from WHATWG `URL`):
 * 1. the endpoint must already be in its WHATWG-normalised form (`new URL(e).href === e`), so the
 *    string stored and sent is exactly the URL checked here — every browser hands out its
 *    endpoints in that form;
 * 2. its host must be one of the push services' exact host patterns below;
 * 3. at send time the host is resolved and every address must be public (`addressProblem`).
 */

/** Hosts of the push services of Chrome (FCM) and Firefox (Mozilla autopush). */
const PUSH_HOSTS: readonly string[] = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com'];
/**
 * Push services spread over many hosts, one DNS label under a fixed domain:
 * - Safari (Apple): `web.push.apple.com` and its siblings;
 * - Firefox: `<label>.push.services.mozilla.com`;
 * - Edge (WNS): web push channels are `wns2-<cluster>.notify.windows.com` (e.g.
 *   `wns2-sg2p.notify.windows.com`, `wns2-par02p.notify.windows.com`). Only that `wns2-` form
 *   passes: the rest of `*.notify.windows.com` is WNS's older app-notification hosts, which
 *   a browser never hands out as a web push endpoint.
 */
const PUSH_HOST_PATTERNS: readonly RegExp[] = [
  /^[a-z0-9-]+\.push\.apple\.com$/,
  /^[a-z0-9-]+\.push\.services\.mozilla\.com$/,
  /^wns2-[a-z0-9-]+\.notify\.windows\.com$/,
];

/** Parses PUSH_ALLOWED_ORIGINS (comma-separated origins) into the origins themselves; a bad one throws. */
export function parseAllowedOrigins(list: string | undefined): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      const url = new URL(s);
      if (url.protocol !== 'https:') throw new Error(`PUSH_ALLOWED_ORIGINS: ${s} is not an https origin.`);
      return url.origin;
    });
}

/** Whether `endpoint` is on an origin the operator listed (then the address check is theirs, not ours). */
export function isAllowedOrigin(endpoint: string, allowedOrigins: readonly string[]): boolean {
  return URL.canParse(endpoint) && allowedOrigins.includes(new URL(endpoint).origin);
}

/** Why the server will not send pushes to `endpoint`, or null when it may. */
export function endpointProblem(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (url.href !== endpoint) return 'The push endpoint must be a normalised URL (as the browser gives it).';
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL.';
  if (url.username || url.password) return 'The push endpoint may not carry credentials.';
  if (url.port !== '') return 'The push endpoint must use the standard https port.';
  const host = url.hostname;
  const known = PUSH_HOSTS.includes(host) || PUSH_HOST_PATTERNS.some((p) => p.test(host));
  return known ? null : `The push endpoint's host ${host} is not a known push service.`;
}

/** Addresses no push service has: private, loopback, link-local, unique-local, unspecified, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is a public one (BlockList also checks IPv4-mapped IPv6 against the IPv4 ranges). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Resolve = (host: string) => Promise<readonly { address: string }[]>;

/** node:dns's lookup, every address (what the connection may use). */
export const resolveAll: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Why the host of `endpoint` may not be contacted now, or null: every address it resolves to
 * must be public (a name may be re-pointed at 127.0.0.1 after it was stored).
 */
export async function addressProblem(endpoint: string, resolve: Resolve = resolveAll): Promise<string | null> {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  let addresses: readonly { address: string }[];
  try {
    addresses = isIP(host) ? [{ address: host }] : await resolve(host);
  } catch {
    return `The push endpoint's host ${host} does not resolve.`;
  }
  if (addresses.length === 0) return `The push endpoint's host ${host} does not resolve.`;
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  return bad ? `The push endpoint's host ${host} resolves to a non-public address (${bad.address}).` : null;
}
