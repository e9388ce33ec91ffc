import type { ActReply } from '@mm/protocol/pure';
import type { Outcome } from './room-request';

/** How many times an action of unknown outcome is sent again (waits of 1, 2, 4, 8 and 16 s by default) before the page says so. */
const UNKNOWN_RESENDS = 5;

export interface ActionResender {
  /** sends the action again with the same actionId */
  send(): Promise<Outcome<ActReply>>;
  joined(): boolean;
  destroyed(): boolean;
  /** resolves once the room is joined again, or after `timeoutMs` */
  whenJoined(timeoutMs: number): Promise<void>;
  pause(ms: number): Promise<void>;
  /** how long a resend waits for the room to be joined again */
  resendWaitMs: number;
  /** the first wait before an OUTCOME_UNKNOWN action is sent again; doubled at each try */
  unknownResendMs: number;
}

/**
 * An action whose answer was lost with the connection is sent once more after the next join:
 * the server never applies one actionId twice (DUPLICATE_ACTION = done).
 */
export async function resendAction(first: Outcome<ActReply>, via: ActionResender): Promise<Outcome<ActReply>> {
  let r = first;
  if (!r.ok && r.code === 'NO_ANSWER' && !via.destroyed()) {
    await via.whenJoined(via.resendWaitMs);
    if (via.joined()) r = await via.send();
  }
  return settleUnknown(r, via);
}

/**
 * The database may have stored the action without the server knowing (OUTCOME_UNKNOWN): the same
 * actionId is sent again, later and later, until the answer is known (accepted, DUPLICATE_ACTION:
 * it was stored, or a refusal of the action itself). While the database is still away the resend
 * gets UNAVAILABLE, which says nothing of the first send: still unknown, and so reported.
 */
async function settleUnknown(first: Outcome<ActReply>, via: ActionResender): Promise<Outcome<ActReply>> {
  let r = first;
  const unknown = (o: Outcome<ActReply>): boolean => !o.ok && ['OUTCOME_UNKNOWN', 'UNAVAILABLE', 'NO_ANSWER'].includes(o.code);
  if (r.ok || r.code !== 'OUTCOME_UNKNOWN') return r;
  for (let i = 0; i < UNKNOWN_RESENDS && unknown(r) && !via.destroyed(); i++) {
    await via.pause(via.unknownResendMs * 2 ** i);
    if (via.joined()) r = await via.send();
  }
  return unknown(r) ? { ok: false, code: 'OUTCOME_UNKNOWN', message: r.ok ? '' : r.message } : r;
}
