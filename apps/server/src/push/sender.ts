import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '@mm/protocol';
import { endpointProblem } from './endpoint-guard';
import type { StoredSubscription } from './store';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export type SendOutcome = 'sent' | 'gone' | 'refused' | 'failed';

/** How long a push service keeps an undelivered push: a turn stays worth knowing about for a day. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends one encrypted push (RFC 8291 payload, RFC 8292 VAPID signature, both by `web-push`).
 * The endpoint is checked again before every send: the allowed origins may have changed since
 * the subscription was stored.
 */
export class PushSender {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly allowedOrigins: readonly string[],
    /** an https agent for the requests (tests pass one that trusts their own certificate) */
    private readonly agent?: Agent,
  ) {}

  async send(sub: StoredSubscription, payload: PushPayload): Promise<SendOutcome> {
    if (endpointProblem(sub.endpoint, this.allowedOrigins) !== null) return 'refused';
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: this.vapid,
          TTL: TTL_SECONDS,
          urgency: 'high',
          // A newer push about the same room replaces one the service still holds: no burst on reconnect.
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          timeout: 10_000,
          ...(this.agent ? { agent: this.agent } : {}),
        },
      );
      return 'sent';
    } catch (err) {
      // 404/410: the browser dropped the subscription; it will never work again.
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
      return 'failed';
    }
  }
}

/** A fresh VAPID key pair (P-256), base64url. */
export const generateVapidKeys = (): { publicKey: string; privateKey: string } => webpush.generateVAPIDKeys();
