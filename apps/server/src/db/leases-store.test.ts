import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseKeeper } from '../duties/lease-keeper';
import { namedBots } from '../rooms/seating';
import { freshDatabase, type TestDatabase, STORAGE_DATABASES } from '../test-support/databases';
import { until } from '../test-support/until';
import { openDatabase, type Database } from './database';
import { createLeases, type DueCondition, type Leases } from './leases-store';
import { createStore, type Store } from './store';

const BOTS: DueCondition = 'bot-seated';

describe.each(STORAGE_DATABASES)('room leases on the %s database', (kind) => {
  let tdb: TestDatabase;
  let db: Database;
  let store: Store;
  let leases: Leases;
  let n = 0;
  const room = async (bots: number[]): Promise<string> => {
    const roomId = `room${kind}${++n}`.padEnd(16, 'x').slice(0, 16);
    await store.createRoom({
      roomId,
      family: 'duel',
      options: {},
      seatCount: 2,
      matchId: `m-${roomId}`,
      seed: 's',
      bots: namedBots(bots),
    });
    return roomId;
  };
  beforeAll(async () => {
    tdb = await freshDatabase(kind);
    db = await openDatabase(tdb.config);
    store = createStore(db);
    leases = createLeases(db);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('lets exactly one of two processes claim a room owed a duty, and only a room owed one', async () => {
    const owed = await room([1]);
    const people = await room([]);
    const [a, b] = await Promise.all([leases.claimDue('A', 60_000, [BOTS], 100), leases.claimDue('B', 60_000, [BOTS], 100)]);
    expect([...a, ...b].filter((id) => id === owed)).toHaveLength(1);
    expect([...a, ...b]).not.toContain(people);
    const holder = a.includes(owed) ? 'A' : 'B';
    expect(await leases.claim(holder === 'A' ? 'B' : 'A', owed, 60_000)).toBe(false);
    expect(await leases.renew(holder, 60_000)).toContain(owed);
  });

  it('hands an expired lease to another process, and the old holder learns it lost it', async () => {
    const owed = await room([0, 1]);
    expect(await leases.claim('dead', owed, 300)).toBe(true);
    expect(await leases.claim('alive', owed, 60_000)).toBe(false);
    // No renewal: once it expires (by the database's clock), it is free.
    await until('the lease to expire', () => leases.claim('alive', owed, 60_000), 10_000);
    expect(await leases.renew('dead', 60_000)).not.toContain(owed);
    expect(await leases.renew('alive', 60_000)).toContain(owed);
  });

  it('does not claim a room settled at its state again until that state changes', async () => {
    const owed = await room([1]);
    expect(await leases.claim('A', owed, 60_000)).toBe(true);
    const print = (await leases.fingerprints([owed], [BOTS])).get(owed)!;
    await leases.release('A', owed, print);
    expect(await leases.claimDue('B', 60_000, [BOTS], 1000)).not.toContain(owed);
    await store.appendAction(`m-${owed}`, {
      seq: 1,
      seat: 0,
      actionId: 'x1',
      payload: { type: 'setSecret', code: [0, 1, 2, 3] },
    });
    expect(await leases.claimDue('B', 60_000, [BOTS], 1000)).toContain(owed);
  });

  it('owes nothing once the match is finished, and gives every lease up at a clean shutdown', async () => {
    const owed = await room([1]);
    expect(await leases.claim('C', owed, 60_000)).toBe(true);
    await store.finishMatch(`m-${owed}`, { winners: [0] });
    expect((await leases.fingerprints([owed], [BOTS])).has(owed)).toBe(false);
    await leases.releaseAll('C');
    expect(await leases.renew('C', 60_000)).toEqual([]);
  });

  it('asks the database nothing to renew while the process holds nothing, and renews what it holds', async () => {
    let renewals = 0;
    const counted: Leases = { ...leases, renew: (...args) => (renewals++, leases.renew(...args)) };
    const keeper = new LeaseKeeper(counted, { leaseMs: 60_000 }, { warn: () => undefined });
    await keeper.renew(Date.now());
    expect(renewals).toBe(0);
    const owed = await room([1]);
    expect(await keeper.claimDue([BOTS], 100, Date.now())).toContain(owed);
    await keeper.renew(Date.now());
    expect(renewals).toBe(1);
    expect(keeper.holds(owed)).toBe(true);
    await keeper.releaseAll();
  });
});
