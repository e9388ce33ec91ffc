import type { DailyAttempt, DailyMeReply, DailyReminder, DailyStatus, DailySummaryReply } from '@mm/protocol';
import { DAILY_FAMILY, dailyStats, type MatchStatus } from '@mm/rules';
import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import type { PlayerPrincipal, Principal } from '../security/principal';
import { newRoomId } from '../security/tokens';
import {
  DAILY_RULES,
  dailySeatToken,
  dailySeed,
  dateOfPuzzle,
  isPlayable,
  isRevealed,
  playableNumbers,
  revealTime,
} from './derive';
import { NO_REMINDER, type DailyStore, type StoredAttempt } from './store';

/** Friends are the players met at a table within this many days. */
export const FRIENDS_WITHIN_DAYS = 30;
const DAY_MS = 86_400_000;

/** The race options of every attempt: the day's code rules, one seat, and the player's hard mode. */
export const dailyOptions = (hard: boolean) => ({
  players: 1,
  pegs: DAILY_RULES.pegs,
  colours: DAILY_RULES.colours,
  repeats: DAILY_RULES.repeats,
  blanks: false,
  guesses: DAILY_RULES.maxGuesses,
  hard,
});

/** Where an attempt stands, read from its match's status: the match is the authority. */
export function resultOf(status: MatchStatus): { status: DailyStatus; guesses: number } {
  const guesses = status.scores[0] ?? 0;
  if (!status.finished) return { status: 'playing', guesses };
  return { status: status.winners.includes(0) ? 'won' : 'lost', guesses };
}

export type Refusal = 'not-playable' | 'not-finished';

/**
 * Players' attempts at the Code of the day (docs/rules.md §6.2): each one a private one-seat race
 * room made by the server, played like any room. Every call names the asker's player (and device, to seat it), resolved by the route.
 */
export class DailyAttempts {
  constructor(
    private readonly deps: {
      secret: string;
      now: () => Date;
      daily: DailyStore;
      rooms: RoomService;
    },
  ) {}

  /** The player's attempt at `n`: made now if `n` is playable, or the one made before, unchanged. */
  async start(principal: PlayerPrincipal, n: number, hard: boolean): Promise<DailyAttempt | Refusal> {
    const { playerId, deviceId } = principal;
    const made = await this.deps.daily.find(playerId, n);
    if (made) return this.attempt(made, deviceId);
    if (!isPlayable(n, this.deps.now())) return 'not-playable';
    // The row comes first, naming the room to be: a crash before the room exists leaves a row that
    // the next call completes (`open`), never a room that no attempt knows of.
    const row = await this.deps.daily.findOrInsert({ playerId, n, roomId: newRoomId(), hard });
    return this.attempt(row, deviceId);
  }

  /** The player's attempt at `n`, or null; a device never seen has none. */
  async find({ deviceId, playerId }: Principal, n: number): Promise<DailyAttempt | null> {
    const row = playerId === null ? null : await this.deps.daily.find(playerId, n);
    return row ? this.attempt(row, deviceId) : null;
  }

  /** The player's attempts, newest first, and their statistics (none for a device never seen: null). */
  async me(playerId: string | null): Promise<DailyMeReply> {
    const rows = playerId === null ? [] : await this.deps.daily.list(playerId);
    const attempts = await Promise.all(rows.map(async (row) => ({ row, ...(await this.result(row)) })));
    const { min, max } = playableNumbers(this.deps.now());
    // The server knows no player's local date: their "today" is the newest puzzle they have started
    // that is still playable somewhere, else the oldest playable one. A streak thus lasts while the
    // next number in it can still be played.
    const today = attempts.find((a) => a.row.n >= min && a.row.n <= max)?.row.n ?? min;
    const stats = dailyStats(
      attempts.filter((a) => a.status !== 'playing').map((a) => ({ n: a.row.n, guesses: a.status === 'won' ? a.guesses : null })),
      today,
    );
    return { attempts: attempts.map((a) => ({ n: a.row.n, hard: a.row.hard, status: a.status, guesses: a.guesses })), stats };
  }

  /** The day's counts and the player's friends' results: only once the player's own attempt at `n` has ended. */
  async summary(playerId: string | null, n: number): Promise<DailySummaryReply | Refusal> {
    const row = playerId === null ? null : await this.deps.daily.find(playerId, n);
    if (playerId === null || row === null || (await this.result(row)).status === 'playing') return 'not-finished';
    await this.deps.daily.settleFromMatches(n);
    if (isRevealed(n, this.deps.now())) await this.deps.daily.settleUnfinished(n, revealTime(n));
    const distribution = Array.from({ length: DAILY_RULES.maxGuesses + 1 }, () => 0);
    const ended = await this.deps.daily.ended(n);
    for (const a of ended) {
      const at = a.status === 'won' ? Math.min(Math.max(a.guesses, 1), DAILY_RULES.maxGuesses) - 1 : DAILY_RULES.maxGuesses;
      distribution[at]! += 1;
    }
    const since = new Date(this.deps.now().getTime() - FRIENDS_WITHIN_DAYS * DAY_MS);
    const friends = await this.deps.daily.friendsResults(playerId, n, since);
    return { n, played: ended.length, distribution, friends };
  }

  /** The player's daily reminder (off for a device never seen: null). */
  async reminder(playerId: string | null): Promise<DailyReminder> {
    return playerId === null ? NO_REMINDER : this.deps.daily.reminder(playerId);
  }

  async setReminder(playerId: string, reminder: DailyReminder): Promise<DailyReminder> {
    await this.deps.daily.setReminder(playerId, reminder);
    return this.deps.daily.reminder(playerId);
  }

  private async attempt(row: StoredAttempt, deviceId: string): Promise<DailyAttempt> {
    await this.open(row, deviceId);
    const { status, guesses } = await this.result(row);
    return {
      n: row.n,
      date: dateOfPuzzle(row.n),
      roomId: row.roomId,
      seat: 0,
      seatToken: dailySeatToken(this.deps.secret, row.roomId),
      hard: row.hard,
      status,
      guesses,
    };
  }

  /**
   * The attempt's room, made and its seat taken by the player if that has not happened yet (the
   * first call, or one after a crash between the steps): each step is idempotent, and a second
   * make of the same room id fails and finds the first.
   */
  private async open(row: StoredAttempt, deviceId: string): Promise<LiveRoom> {
    const { room } = await this.deps.rooms.openSealed(
      {
        roomId: row.roomId,
        familyId: DAILY_FAMILY,
        options: dailyOptions(row.hard),
        seed: dailySeed(this.deps.secret, row.n, row.playerId),
        daily: row.n,
      },
      { deviceId, name: () => this.deps.daily.playerName(row.playerId) },
      dailySeatToken(this.deps.secret, row.roomId),
    );
    return room;
  }

  /**
   * The attempt as its match stands now, written back to its row when that is behind. Still being
   * played at its puzzle's reveal, it is unfinished: its room takes no move any more (RoomService).
   */
  private async result(row: StoredAttempt): Promise<{ status: DailyStatus; guesses: number }> {
    if (row.status !== 'playing') return { status: row.status, guesses: row.guesses };
    const room = await this.deps.rooms.refresh(row.roomId);
    let now = room ? resultOf(room.status()) : { status: row.status, guesses: row.guesses };
    let finishedAt = now.status === 'playing' ? null : new Date();
    if (now.status === 'playing' && isRevealed(row.n, this.deps.now())) {
      now = { status: 'unfinished', guesses: now.guesses };
      finishedAt = revealTime(row.n);
    }
    if (now.status !== row.status || now.guesses !== row.guesses) {
      await this.deps.daily.recordResult(row.roomId, { ...now, finishedAt });
    }
    return now;
  }
}
