import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '@mm/protocol';
import { addressProblem, endpointProblem, isAllowedOrigin, isPublicAddress, resolveAll, type Resolve } from './endpoint-guard';
import type { StoredSubscription } from './store';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export type SendOutcome = 'sent' | 'gone' | 'refused' | 'failed';

/** How long a push service keeps an undelivered push: a turn stays worth knowing about for a day. */
const TTL_SECONDS = 24 * 60 * 60;

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connection's own DNS lookup, keeping public addresses only: a name re-pointed at a private
 * address between `addressProblem`'s check and the connection (DNS rebinding) still fails.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const usable = addresses.filter((a) => isPublicAddress(a.address));
    if (usable.length === 0) {
      return callback(Object.assign(new Error(`${hostname} has no public address`), { code: 'ENOTFOUND' }), []);
    }
    if (options.all) return callback(null, usable);
    return callback(null, usable[0]!.address, usable[0]!.family);
  });
}

/**
 * Sends one encrypted push (RFC 8291 payload, RFC 8292 VAPID signature, both by `web-push`).
 * The endpoint is checked again before every send (the allowed origins may have changed since
 * the subscription was stored), and its host resolved: every address must be public, unless
 * the origin is one the operator listed.
 */
export class PushSender {
  private readonly agent: Agent;

  constructor(
    private readonly vapid: VapidKeys,
    private readonly allowedOrigins: readonly string[],
    /** an https agent for the requests (tests pass one that trusts their own certificate) */
    agent?: Agent,
    private readonly resolve: Resolve = resolveAll,
    /** told every send's outcome (the metrics' push counters) */
    private readonly observe: (outcome: SendOutcome) => void = () => {},
  ) {
    this.agent = agent ?? new Agent({ keepAlive: true, lookup: publicOnlyLookup });
  }

  async send(sub: StoredSubscription, payload: PushPayload): Promise<SendOutcome> {
    const outcome = await this.attempt(sub, payload);
    this.observe(outcome);
    return outcome;
  }

  private async attempt(sub: StoredSubscription, payload: PushPayload): Promise<SendOutcome> {
    if (endpointProblem(sub.endpoint, this.allowedOrigins) !== null) return 'refused';
    if (!isAllowedOrigin(sub.endpoint, this.allowedOrigins) && (await addressProblem(sub.endpoint, this.resolve)) !== null) {
      return 'refused';
    }
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
          agent: this.agent,
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
