/**
 * Which push endpoints the server may contact. A subscription's endpoint is a URL the client
 * hands us and the server later POSTs to: without this guard anyone could make the server send
 * requests into its own network (server-side request forgery). Only https on the browsers' push
 * services passes, or an origin the operator lists in PUSH_ALLOWED_ORIGINS (tests use a local one).
 */

/** Hosts of the push services of Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS). */
const PUSH_HOSTS: readonly string[] = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com'];
/** Push services that spread over many hosts under one domain. */
const PUSH_HOST_SUFFIXES: readonly string[] = ['.push.apple.com', '.notify.windows.com', '.push.services.mozilla.com'];

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

/** Why the server will not send pushes to `endpoint`, or null when it may. */
export function endpointProblem(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL.';
  if (url.username || url.password) return 'The push endpoint may not carry credentials.';
  if (url.port !== '') return 'The push endpoint must use the standard https port.';
  const host = url.hostname.toLowerCase();
  const known = PUSH_HOSTS.includes(host) || PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
  return known ? null : `The push endpoint's host ${host} is not a known push service.`;
}
