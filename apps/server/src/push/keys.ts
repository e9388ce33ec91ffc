import { generateVapidKeys, type VapidKeys } from './sender';
import type { PushStore } from './store';

/**
 * The VAPID keys: from the environment when both halves are set, else the pair stored in the
 * database (made by the first process that starts), so every process of a deployment signs alike
 * and subscriptions survive restarts.
 */
export async function loadVapidKeys(
  store: PushStore,
  env: { publicKey?: string | undefined; privateKey?: string | undefined; subject: string },
): Promise<VapidKeys> {
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey, subject: env.subject };
  const pair = await store.vapidKeys(generateVapidKeys);
  return { ...pair, subject: env.subject };
}
