import { Agent } from 'node:https';
import { afterAll, beforeAll } from 'vitest';
import { DEVICE_TOKEN_HEADER, pushPayloadSchema, type PushPayload } from '@mm/protocol';
import type { App } from '../app';
import type { ConfigInput } from '../config';
import { freshDatabase, type TestDatabase } from './databases';
import { browserKeys, decryptPush, selfSignedCert, startPushEndpoint, type ReceivedPush } from './push-endpoint';
import { startServer } from './server';

/** The VAPID subject the push tests' servers sign with. */
export const PUSH_SUBJECT = 'mailto:ops@example.org';

export interface PushServer {
  app: App;
  url: string;
  /** the local push service every push of the app goes to (its origin is the one allowed) */
  endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
  /** POST /api/push/subscriptions as `device` */
  subscribe(device: string, body: unknown): Promise<Response>;
  /** Subscribes `device` at `path` of the local push service with the browser's keys (and `more`, e.g. `lang`). */
  subscribeAt(
    device: string,
    path: string,
    keys: ReturnType<typeof browserKeys>,
    more?: Record<string, unknown>,
  ): Promise<Response>;
  /** The payloads pushed to `path` so far, decrypted with the browser's keys of that subscription. */
  payloadsAt(path: string, keys: ReturnType<typeof browserKeys>): PushPayload[];
}

/** A pushed body decrypted with the browser's keys and read as the published payload. */
export const readPush = (push: ReceivedPush, keys: ReturnType<typeof browserKeys>): PushPayload =>
  pushPayloadSchema.parse(JSON.parse(decryptPush(push.body, keys)));

/**
 * Registers beforeAll/afterAll that run the app on a PostgreSQL database of its own, with Web Push
 * going to a local push service over https (a certificate made for this file); read the fields
 * inside tests.
 */
export function usePushServer(config: ConfigInput = {}): PushServer {
  const tls = selfSignedCert();
  const ctx = {} as PushServer & { db: TestDatabase };
  beforeAll(async () => {
    ctx.endpoint = await startPushEndpoint(tls);
    ctx.db = await freshDatabase('postgres');
    Object.assign(
      ctx,
      await startServer(
        ctx.db,
        { pushAllowedOrigins: ctx.endpoint.origin, vapidSubject: PUSH_SUBJECT, ...config },
        { pushAgent: new Agent({ ca: tls.cert }) },
      ),
    );
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.drop();
    await ctx.endpoint?.close();
  });
  ctx.subscribe = (device, body) =>
    fetch(`${ctx.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DEVICE_TOKEN_HEADER]: device },
      body: JSON.stringify(body),
    });
  ctx.subscribeAt = (device, path, keys, more = {}) =>
    ctx.subscribe(device, { endpoint: `${ctx.endpoint.origin}${path}`, keys: { p256dh: keys.p256dh, auth: keys.auth }, ...more });
  ctx.payloadsAt = (path, keys) => ctx.endpoint.received.filter((r) => r.path === path).map((r) => readPush(r, keys));
  return ctx;
}
