import { randomUUID } from 'node:crypto';
import { rate, rating } from 'openskill';
import { beforeAll, describe, expect, it } from 'vitest';
import { headToHead } from '../ratings/head-to-head';
import { foldRatings, matchRater, ratingKey } from '../ratings/rate';
import { STORAGE_DATABASES } from '../test-support/databases';
import { useStorageDatabase } from '../test-support/storage-database';
import type { Store } from './store.js';

type Sitter = { player: string } | 'bot';
type R = { mu: number; sigma: number };

/** openskill's own figures for one match of single-player teams: the expectation every stored rating is held to. */
const libraryRate = (prior: readonly R[], rank: number[]): R[] =>
  rate(
    prior.map((r) => [rating(r)]),
    { rank },
  ).map(([r]) => ({ mu: r!.mu, sigma: r!.sigma }));

describe.each(STORAGE_DATABASES)('match finishes and ratings on %s', (kind) => {
  const opened = useStorageDatabase(kind);
  let store: Store;
  beforeAll(() => {
    store = opened.store;
  });
  const open = async (): Promise<void> => {
    await opened.reopen();
    store = opened.store;
  };

  const players = async (n: number): Promise<string[]> =>
    Promise.all(Array.from({ length: n }, () => store.ensurePlayer(`device-${randomUUID()}`)));

  /** A match of `family` with `sitters` in its seats (a player, or a bot from the start). */
  async function newMatch(
    family: string,
    sitters: readonly Sitter[],
    extra: { daily?: number } = {},
  ): Promise<{ roomId: string; matchId: string }> {
    const roomId = `room-${randomUUID()}`;
    const matchId = `match-${randomUUID()}`;
    await store.createRoom({
      roomId,
      family,
      options: {},
      seatCount: sitters.length,
      matchId,
      seed: 's',
      daily: extra.daily ?? null,
    });
    for (const [i, s] of sitters.entries()) {
      if (s === 'bot') await store.seatBot(roomId, i, { name: `Bot ${i}`, strength: 'strong' });
      else
        await store.claimSeat(roomId, i, {
          name: `P${i}`,
          tokenHash: `token-${matchId}-${i}`,
          deviceId: null,
          playerId: s.player,
        });
    }
    return { roomId, matchId };
  }

  const finish = (matchId: string, result: unknown, abandoned: number[] = []): Promise<void> =>
    store.finishMatch(matchId, result, { abandoned, rater: matchRater });

  const ratingOf = async (player: string, family: string): Promise<(R & { games: number }) | undefined> =>
    (await store.ratingsOf(player)).find((r) => r.family === family);

  it.each([
    // [family, seats, result, the places the family's result gives]
    ['duel', 2, { winners: [1], draw: false, scores: [0, 1] }, [2, 1]],
    ['duel', 2, { winners: [], draw: true, scores: [1, 1] }, [1, 1]],
    ['rotation', 3, { winners: [0, 2], draw: false, scores: [9, 4, 9] }, [1, 3, 1]],
    ['rotation', 5, { winners: [4], draw: false, scores: [7, 7, 3, 5, 12] }, [2, 2, 5, 4, 1]],
    ['race', 8, { winners: [5], draw: false, scores: [4, 6, 3, 8, 8, 2, 5, 7] }, [2, 2, 2, 2, 2, 1, 2, 2]],
    ['race', 8, { winners: [], draw: true, scores: [10, 10, 10, 10, 10, 10, 10, 10] }, [1, 1, 1, 1, 1, 1, 1, 1]],
  ] as const)('rates a %s of %i people as openskill does, ties as ties, twice in a row', async (family, n, result, places) => {
    const people = await players(n);
    let expected: R[] = people.map(() => rating());
    for (let round = 0; round < 2; round++) {
      const { matchId } = await newMatch(
        family,
        people.map((player) => ({ player })),
      );
      await finish(matchId, result);
      expected = libraryRate(expected, [...places]);
      for (const [i, player] of people.entries()) {
        expect(await ratingOf(player, family)).toEqual({ family, ...expected[i], games: round + 1 });
      }
    }
  });

  it('rates a finish once, whoever records it again', async () => {
    const [a, b] = await players(2);
    const { matchId } = await newMatch('duel', [{ player: a! }, { player: b! }]);
    await finish(matchId, { winners: [0], draw: false, scores: [1, 0] });
    const after = await store.ratingsOf(a!);
    await finish(matchId, { winners: [1], draw: false, scores: [0, 1] });
    expect(await store.ratingsOf(a!)).toEqual(after);
    expect((await store.finishedMatches()).find((m) => m.id === matchId)?.result).toEqual({
      winners: [0],
      draw: false,
      scores: [1, 0],
    });
  });

  it('rates finishes racing each other one at a time, in the order it stores: their fold', async () => {
    const people = await players(4);
    const pairs = [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 0],
      [0, 2],
      [1, 3],
    ] as const;
    const made = await Promise.all(pairs.map(([x, y]) => newMatch('duel', [{ player: people[x]! }, { player: people[y]! }])));
    // Every finish at once, each of the first one twice (two processes folding the same finish).
    await Promise.all([
      ...made.map(({ matchId }) => finish(matchId, { winners: [0], draw: false, scores: [1, 0] })),
      finish(made[0]!.matchId, { winners: [0], draw: false, scores: [1, 0] }),
    ]);
    const folded = foldRatings(await store.finishedMatches());
    for (const p of people) {
      const [stored] = await store.ratingsOf(p);
      expect(folded.get(ratingKey(p, 'duel'))).toEqual({ mu: stored!.mu, sigma: stored!.sigma, games: 3 });
    }
  });

  it('rates no match with a bot seated in it, nor a Code of the day', async () => {
    const [a, b] = await players(2);
    const withBot = await newMatch('rotation', [{ player: a! }, 'bot', { player: b! }]);
    await finish(withBot.matchId, { winners: [0], draw: false, scores: [5, 3, 1] });
    const daily = await newMatch('race', [{ player: a! }], { daily: 7 });
    await finish(daily.matchId, { winners: [0], draw: false, scores: [4] });
    expect(await store.ratingsOf(a!)).toEqual([]);
    expect(await store.ratingsOf(b!)).toEqual([]);
  });

  it('rates a seat abandoned to a bot as a loss, even when the bot won it', async () => {
    const [a, b] = await players(2);
    const { matchId } = await newMatch('duel', [{ player: a! }, { player: b! }]);
    await finish(matchId, { winners: [0], draw: false, scores: [2, 1] }, [0]);
    const [lost, won] = libraryRate([rating(), rating()], [2, 1]);
    expect(await ratingOf(a!, 'duel')).toMatchObject(lost!);
    expect(await ratingOf(b!, 'duel')).toMatchObject(won!);
    const [shared] = await store.sharedMatches(a!, b!, 10);
    expect(headToHead([shared!], b!, a!).total).toEqual({ won: 1, lost: 0, drawn: 0 });
  });

  it('keeps ratings that are the fold of the stored matches in finish order, and a reopened database changes nothing', async () => {
    const [a, b, c] = await players(3);
    const seats = (...who: string[]): Sitter[] => who.map((player) => ({ player }));
    // Interleaved finishes of overlapping players: the order matters, and is the stored one.
    for (const [who, winner] of [
      [[a!, b!], 0],
      [[b!, c!], 1],
      [[c!, a!], 0],
      [[a!, b!], 1],
    ] as const) {
      const { matchId } = await newMatch('duel', seats(...who));
      await finish(matchId, { winners: [winner], draw: false, scores: [winner === 0 ? 1 : 0, winner] });
    }
    const three = await newMatch('rotation', seats(a!, b!, c!));
    await finish(three.matchId, { winners: [2], draw: false, scores: [4, 4, 6] });

    const stored = async (): Promise<Map<string, unknown>> => {
      const all = new Map<string, unknown>();
      for (const p of [a!, b!, c!]) for (const r of await store.ratingsOf(p)) all.set(ratingKey(p, r.family), r);
      return all;
    };
    const folded = foldRatings(await store.finishedMatches());
    for (const [key, value] of await stored()) {
      expect(folded.get(key)).toEqual({
        mu: (value as R).mu,
        sigma: (value as R).sigma,
        games: (value as { games: number }).games,
      });
    }
    const before = { ratings: await stored(), h2h: headToHead(await store.sharedMatches(a!, b!, 10), a!, b!) };
    // a beat b, lost to b, and tied with b behind c.
    expect(before.h2h.total).toEqual({ won: 1, lost: 1, drawn: 1 });

    await store.close();
    await open();
    expect(await stored()).toEqual(before.ratings);
    expect(headToHead(await store.sharedMatches(a!, b!, 10), a!, b!)).toEqual(before.h2h);
  });
});

describe.each(STORAGE_DATABASES)('a database whose matches finished before ratings existed, on %s', (kind) => {
  const opened = useStorageDatabase(kind);
  let store: Store;
  beforeAll(() => {
    store = opened.store;
  });

  it('rates them all once, in the order they finished, as a fold of them', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map((i) => store.ensurePlayer(`old-device-${i}-${randomUUID()}`)));
    for (const [who, winner] of [
      [[a!, b!], 0],
      [[b!, c!], 0],
      [[a!, c!], 1],
    ] as const) {
      const roomId = `room-${randomUUID()}`;
      const matchId = `match-${randomUUID()}`;
      await store.createRoom({ roomId, family: 'duel', options: {}, seatCount: 2, matchId, seed: 's' });
      for (const [i, player] of who.entries()) {
        await store.claimSeat(roomId, i, { name: `P${i}`, tokenHash: `t-${matchId}-${i}`, deviceId: null, playerId: player });
      }
      // As the server finished matches before ratings: no rater.
      await store.finishMatch(matchId, { winners: [winner], draw: false, scores: winner === 0 ? [1, 0] : [0, 1] });
    }
    expect(await store.ratingsOf(a!)).toEqual([]);

    expect(await store.rateHistory(matchRater)).toBe(3);
    const folded = foldRatings(await store.finishedMatches());
    for (const p of [a!, b!, c!]) {
      const [stored] = await store.ratingsOf(p);
      expect(folded.get(ratingKey(p, 'duel'))).toEqual({ mu: stored!.mu, sigma: stored!.sigma, games: 2 });
      expect((await store.ratingChangesOf(p, 10)).map((r) => r.mu).at(-1)).toBe(stored!.mu);
    }
    // Once there are ratings, never again.
    expect(await store.rateHistory(matchRater)).toBe(0);
  });
});

describe.each(STORAGE_DATABASES)('a history with nothing to rate (only bots), on %s', (kind) => {
  const opened = useStorageDatabase(kind);
  let store: Store;
  beforeAll(() => {
    store = opened.store;
  });
  const start = async (): Promise<void> => {
    await opened.reopen();
    store = opened.store;
  };

  it('is read and folded at the first start only, though it leaves no rating behind', async () => {
    const roomId = `room-${randomUUID()}`;
    const matchId = `match-${randomUUID()}`;
    await store.createRoom({ roomId, family: 'duel', options: {}, seatCount: 2, matchId, seed: 's' });
    for (const i of [0, 1]) {
      await store.claimSeat(roomId, i, { name: `Bot ${i}`, tokenHash: `t-${matchId}-${i}`, deviceId: null, playerId: null });
    }
    await store.finishMatch(matchId, { winners: [0], draw: false, scores: [1, 0] });
    const folded: number[] = [];
    const counting = {
      ...matchRater,
      fold: (matches: Parameters<typeof matchRater.fold>[0]) => (folded.push(matches.length), matchRater.fold(matches)),
    };

    expect(await store.rateHistory(counting)).toBe(0);
    expect(folded).toEqual([1]);
    await store.close();
    await start();
    expect(await store.rateHistory(counting)).toBe(0);
    expect(folded).toEqual([1]);
  });
});
