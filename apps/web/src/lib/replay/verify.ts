import { dealPreimage, secretOf, secretPreimage, type Commitment, type FinishedMatchDetail } from '@mm/protocol/pure';
import { getFamily } from '@mm/rules';

/**
 * The browser's side of "provably fair secrets" (docs/architecture.md): every secret of the
 * log must open the commitment published for its move, the seed of a dealt family must open
 * its commitment and deal exactly the parts revealed, and whatever this device saw live must
 * be what is published now. Nothing here trusts the server's word for any of it.
 */

export type VerifyProblem =
  /** the secret set at `seq` and its salt do not give the committed hash */
  | { kind: 'secret'; seq: number }
  /** a secret was set at `seq` without a commitment (or without a salt to open it) */
  | { kind: 'missing'; seq: number }
  /** a commitment for `seq`, where no secret was set */
  | { kind: 'extra'; seq: number }
  /** the seed and its salt do not give the committed hash, or nothing was committed */
  | { kind: 'deal' }
  /** the seed, dealt by the rules, does not give the parts the match revealed */
  | { kind: 'dealParts' }
  /** a commitment this device received live differs from the published one (seq null: the deal) */
  | { kind: 'live'; seq: number | null };

export type Verification =
  | {
      ok: true;
      /** secrets checked */
      secrets: number;
      /** the deal was checked too */
      dealt: boolean;
      /** commitments seen live on this device, all equal to the published ones */
      live: number;
    }
  | { ok: false; problems: VerifyProblem[] };

/** SHA-256 of a UTF-8 text, as lowercase hex. */
export type Digest = (text: string) => Promise<string>;

const hex = (buf: ArrayBuffer): string => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** WebCrypto is only there in a secure context (https, or localhost). */
export const webCryptoAvailable = (): boolean => typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';

export const webDigest: Digest = async (text) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

const sameCommitment = (a: Commitment, b: Commitment): boolean =>
  a.kind === 'deal'
    ? b.kind === 'deal' && a.hash === b.hash
    : b.kind === 'secret' && a.seq === b.seq && a.seat === b.seat && a.hash === b.hash;

export async function verifyMatch(
  detail: FinishedMatchDetail,
  /** what this device stored while it watched the match live; null when it did not */
  live: readonly Commitment[] | null,
  digest: Digest = webDigest,
): Promise<Verification> {
  const problems: VerifyProblem[] = [];
  const published = new Map<number, Commitment & { kind: 'secret' }>();
  for (const c of detail.commitments) if (c.kind === 'secret') published.set(c.seq, c);

  let secrets = 0;
  for (const entry of detail.log) {
    const code = secretOf(entry.action);
    if (!code) continue;
    secrets++;
    const c = published.get(entry.seq);
    published.delete(entry.seq);
    if (!c || c.seat !== entry.seat || entry.salt === null) {
      problems.push({ kind: 'missing', seq: entry.seq });
      continue;
    }
    if ((await digest(secretPreimage(entry.salt, code))) !== c.hash) problems.push({ kind: 'secret', seq: entry.seq });
  }
  for (const seq of published.keys()) problems.push({ kind: 'extra', seq });

  const family = getFamily(detail.family);
  if (family?.dealt) {
    const c = detail.commitments.find((x) => x.kind === 'deal');
    if (!c || detail.salt === null || (await digest(dealPreimage(detail.salt, detail.seed))) !== c.hash) {
      problems.push({ kind: 'deal' });
    }
    if (!family.dealMatches?.(detail.seed, detail.view)) problems.push({ kind: 'dealParts' });
  }

  for (const seen of live ?? []) {
    if (!detail.commitments.some((c) => sameCommitment(seen, c))) {
      problems.push({ kind: 'live', seq: seen.kind === 'deal' ? null : seen.seq });
    }
  }

  return problems.length === 0
    ? { ok: true, secrets, dealt: family?.dealt === true, live: live?.length ?? 0 }
    : { ok: false, problems };
}
