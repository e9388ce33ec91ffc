import type { DailyCommitmentsReply } from '@mm/protocol/pure';
import { KEYS, type KeyValueStore } from '../net/storage';

// What this device saw of a day's commitment before its reveal (light: the daily's page keeps it
// on every visit, the history's check reads it).

/** The commitment to day `n` this device kept while the day was upcoming, or null. */
export const seenCommitment = (store: KeyValueStore, n: number): string | null => store.getItem(KEYS.dailyCommitment(n));

/** Keeps the commitment to day `n` while it is upcoming, so that its reveal is checked against what was published before. */
export function keepCommitment(reply: DailyCommitmentsReply, n: number, store: KeyValueStore): void {
  const upcoming = reply.upcoming.find((d) => d.n === n);
  if (!upcoming || seenCommitment(store, n) !== null) return;
  try {
    store.setItem(KEYS.dailyCommitment(n), upcoming.commitment);
  } catch {
    // storage full or refused: the check then relies on the published commitment alone
  }
}
