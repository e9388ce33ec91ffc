import { DEVICE_TOKEN_HEADER, type PushKeyReply } from '@mm/protocol/pure';
import type { Lang } from '@mm/rules/pure';
import { browserStore, deviceToken } from '../net/storage';

/** The language the server last heard for this browser's subscription. */
const LANG_KEY = 'mm.push.lang';

/**
 * Where this browser stands with turn notifications:
 * - `on`: subscribed; `off`: can be turned on (asking permission on the tap);
 * - `denied`: the person refused, only the browser's settings can change that;
 * - `ios-install`: an iPhone/iPad browser tab: Web Push works once the site is added to the home screen;
 * - `unsupported`: no Web Push in this browser.
 */
export type PushState = 'on' | 'off' | 'denied' | 'ios-install' | 'unsupported';

const isIos = (): boolean =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const standalone = (): boolean => window.matchMedia('(display-mode: standalone)').matches;

export async function pushState(): Promise<PushState> {
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!supported) return isIos() && !standalone() ? 'ios-install' : 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The VAPID key as the bytes `PushManager.subscribe` wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Asks the browser for permission (only ever on the person's tap), subscribes with the server's
 * VAPID key and hands the subscription to the server for this device, in the page's language.
 */
export async function enablePush(lang: Lang): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const res = await fetch('/api/push/key', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`push key: ${res.status}`);
  const { publicKey } = (await res.json()) as PushKeyReply;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await saveSubscription(subscription, lang);
  return 'on';
}

/** Tells the server (again) about this browser's subscription: on enabling, and when the language changes. */
export async function saveSubscription(subscription: PushSubscription, lang: Lang): Promise<void> {
  const json = subscription.toJSON();
  const res = await fetch('/api/push/subscriptions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [DEVICE_TOKEN_HEADER]: deviceToken(browserStore()) },
    body: JSON.stringify({ endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys, lang }),
  });
  if (res.status !== 201) throw new Error(`push subscription: ${res.status}`);
  browserStore().setItem(LANG_KEY, lang);
}

/** After a change of language, the pushes follow it: the subscription is sent again with the new one. */
export async function followLanguage(lang: Lang): Promise<void> {
  if (!('serviceWorker' in navigator) || !('Notification' in window) || Notification.permission !== 'granted') return;
  if (browserStore().getItem(LANG_KEY) === lang) return;
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (subscription) await saveSubscription(subscription, lang);
}
