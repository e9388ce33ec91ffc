/**
 * Why WebAuthn cannot work at an origin, or null when it can. Its relying-party id must be a domain
 * (never an IP address), and browsers offer it only to a secure context: https, or http on
 * localhost. The server asks this of PUBLIC_URL (its rpID and expected origin), the web of the page.
 */
export type PasskeyBlocker = 'ip-address' | 'insecure';

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export function passkeyBlocker(origin: string): PasskeyBlocker | null {
  if (!URL.canParse(origin)) return 'insecure';
  const url = new URL(origin);
  const host = url.hostname;
  // URL writes every IPv4 form (0x7f.1, 2130706433) as dotted decimal and IPv6 in brackets.
  if (IPV4.test(host) || host.startsWith('[')) return 'ip-address';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (host === 'localhost' || host.endsWith('.localhost'))) return null;
  return 'insecure';
}
