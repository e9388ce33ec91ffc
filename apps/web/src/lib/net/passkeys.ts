import {
  passkeyBlocker,
  type LinkReply,
  type PasskeyCapability,
  type PasskeyInfo,
  type PasskeyListReply,
  type PasskeyOptionsReply,
} from '@mm/protocol/pure';
import { deviceHeader, getJson, sendJson } from './api';

// Passkeys (docs/architecture.md, Identity). @simplewebauthn/browser is imported only when a
// ceremony begins, so it stays out of the first paint's bundle.
type Browser = typeof import('@simplewebauthn/browser');
const browserLib = (): Promise<Browser> => import('@simplewebauthn/browser');

/** Why this page cannot use passkeys; the server's reasons (PUBLIC_URL) and the browser's own. */
export type PasskeyBlock = 'ip-address' | 'insecure' | 'unsupported' | 'other-host';

export interface PageFacts {
  href: string;
  isSecureContext: boolean;
  /** window.PublicKeyCredential exists */
  webAuthn: boolean;
}

export const pageFacts = (): PageFacts => ({
  href: window.location.href,
  isSecureContext: window.isSecureContext,
  webAuthn: typeof window.PublicKeyCredential === 'function',
});

export function passkeyBlock(page: PageFacts, server: PasskeyCapability): PasskeyBlock | null {
  const own = passkeyBlocker(page.href);
  if (own !== null) return own;
  if (!page.isSecureContext) return 'insecure';
  if (!page.webAuthn) return 'unsupported';
  if (!server.available) return server.reason ?? 'insecure';
  // The credentials are for PUBLIC_URL's host: a page reached by another name cannot make or use them.
  const host = new URL(page.href).hostname;
  if (server.rpId !== null && host !== server.rpId && !host.endsWith(`.${server.rpId}`)) return 'other-host';
  return null;
}

/** GET /api/passkeys, then what this page adds: null when passkeys can be used here. */
export async function findPasskeyBlock(fetchImpl: typeof fetch = fetch): Promise<PasskeyBlock | null> {
  const server = await getJson<PasskeyCapability>('/api/passkeys', {}, fetchImpl);
  return passkeyBlock(pageFacts(), server);
}

/** Whether the browser offers passkeys in an input's autofill (conditional UI). */
export const autofillOffered = async (): Promise<boolean> => (await browserLib()).browserSupportsWebAuthnAutofill();

/** The person closed the browser's dialog, or another ceremony replaced this one: nothing to report. */
export const isCancelled = (e: unknown): boolean =>
  e instanceof Error &&
  (e.name === 'AbortError' ||
    e.name === 'NotAllowedError' ||
    (e as { code?: unknown }).code === 'ERROR_CEREMONY_ABORTED' ||
    (e.cause instanceof Error && (e.cause.name === 'NotAllowedError' || e.cause.name === 'AbortError')));

export const fetchPasskeys = (fetchImpl: typeof fetch = fetch): Promise<PasskeyListReply> =>
  getJson('/api/me/passkeys', deviceHeader(), fetchImpl);

export const removePasskey = (id: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/me/passkeys/${encodeURIComponent(id)}`, undefined, 204, fetchImpl);

/** Makes a passkey for this device's player: the browser asks for a fingerprint, face or screen lock. */
export async function addPasskey(fetchImpl: typeof fetch = fetch): Promise<PasskeyInfo> {
  const [{ startRegistration }, { options }] = await Promise.all([
    browserLib(),
    sendJson<PasskeyOptionsReply>('POST', '/api/me/passkeys/options', undefined, 200, fetchImpl),
  ]);
  const response = await startRegistration({
    optionsJSON: options as unknown as Parameters<Browser['startRegistration']>[0]['optionsJSON'],
  });
  return sendJson('POST', '/api/me/passkeys', { response }, 201, fetchImpl);
}

/**
 * Signs this device in with a passkey: it joins the passkey's player. `autofill`: wait for the
 * person to pick one in the input's autofill (conditional UI) rather than opening a dialog.
 */
export async function signInWithPasskey(autofill: boolean, fetchImpl: typeof fetch = fetch): Promise<LinkReply> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    browserLib(),
    sendJson<PasskeyOptionsReply>('POST', '/api/passkeys/sign-in/options', undefined, 200, fetchImpl, false),
  ]);
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<Browser['startAuthentication']>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
  return sendJson('POST', '/api/passkeys/sign-in', { response }, 200, fetchImpl);
}

/** Ends a pending ceremony (the autofill one when the page goes). */
export async function cancelPasskeyCeremony(): Promise<void> {
  (await browserLib()).WebAuthnAbortService.cancelCeremony();
}
