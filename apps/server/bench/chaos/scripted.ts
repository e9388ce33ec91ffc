// Scripted people for the runs that kill or freeze what they play through: each plays its seat and
// resends whatever was not acknowledged, and every acknowledgement is noted to be checked against the log.
import { getFamily, type Seat } from '@mm/rules';
import { botAction, botRandomness } from '../../src/bots/play';
import { Player } from '../../src/test-support/player';
import { between, SEED } from './options';

export interface Acked {
  matchId: string;
  actionId: string;
  seq: number;
}

/** A person who plays their seat from their own view (the bots' strategy) and resends whatever was not acknowledged. */
export class Scripted {
  player: Player | null = null;
  token: string | undefined;
  pending: { actionId: string; action: unknown } | null = null;
  done = false;
  /** the seat claim was committed but its answer lost to a kill: this client never got its token */
  orphaned = false;
  /** what went wrong last (printed if the run cannot finish) */
  lastError = '';
  constructor(
    readonly roomId: string,
    readonly seat: Seat,
    readonly urls: () => string[],
    readonly acked: Acked[],
    /** set by either player of the table when it cannot go on */
    readonly table: { abandoned: boolean },
  ) {}

  private async connect(): Promise<Player> {
    for (;;) {
      const live = this.urls();
      const url = live[between(0, live.length)];
      try {
        if (!url) throw new Error('no node up');
        // A handshake cut by a kill may never answer either way.
        const p = await Promise.race([
          Player.connect(url),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('handshake timed out')), 5000)),
        ]);
        const j = await p.join(this.roomId, this.token);
        if (!j.ok) {
          p.close();
          throw new Error(`join ${j.code}`);
        }
        if (!this.token) {
          const c = await p.claim(this.seat, `S${this.seat}`);
          if (!c.ok && c.code === 'SEAT_TAKEN') {
            this.orphaned = true;
            this.table.abandoned = true;
            return p;
          }
          if (!c.ok) {
            p.close();
            throw new Error(`claim ${c.code}`);
          }
          this.token = p.seatToken;
        }
        p.socket.once('disconnect', () => {
          if (this.player === p) this.player = null;
        });
        return p;
      } catch (err) {
        this.lastError = `connect: ${String(err)}`;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async play(): Promise<void> {
    let fresh = 0;
    while (!this.done && !this.table.abandoned) {
      this.player ??= await this.connect();
      const p = this.player;
      if (this.table.abandoned) break;
      try {
        const sync = await p.send('room:sync', {});
        if (!sync.ok || !sync.snapshot) throw new Error(sync.ok ? 'no view' : sync.code);
        const { snapshot } = sync;
        if (snapshot.status.finished) {
          this.done = true;
          break;
        }
        if (!this.pending) {
          if (!snapshot.status.toAct.includes(this.seat)) {
            await p.waitFor((u) => u.snapshot.seq > snapshot.seq || u.snapshot.status.finished, 3000).catch(() => undefined);
            continue;
          }
          const family = getFamily(snapshot.view.family);
          if (!family) throw new Error(`no family ${snapshot.view.family}`);
          const action = botAction(
            family,
            snapshot.view,
            this.seat,
            botRandomness(`${SEED}-${this.roomId}-${this.seat}`, `${SEED}-${this.roomId}-${this.seat}-${fresh++}`),
          );
          if (!action) continue;
          this.pending = { actionId: `c-${this.roomId}-${this.seat}-${snapshot.seq}-${fresh}`, action };
        }
        const reply = await p.act(this.pending.action, { actionId: this.pending.actionId });
        if (reply.ok) this.acked.push({ matchId: snapshot.matchId, actionId: this.pending.actionId, seq: reply.seq });
        else if (reply.code === 'DUPLICATE_ACTION' && reply.seq !== undefined)
          this.acked.push({ matchId: snapshot.matchId, actionId: this.pending.actionId, seq: reply.seq });
        this.pending = null;
      } catch (err) {
        this.lastError = `play: ${String(err)}`;
        // Not acknowledged (the process died, or a timeout): the same action goes again, through whichever process is up.
        p.close();
        if (this.player === p) this.player = null;
      }
    }
    this.player?.close();
  }
}
