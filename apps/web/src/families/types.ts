import type { Component } from 'svelte';
import type { RoomSummary, Snapshot } from '@mm/protocol/pure';
import type { FamilyId, Lang, Seat } from '@mm/rules/pure';
import type { HintKind } from '../lib/table/hints';
import type { DictionaryPart, MessageKey } from '../lib/i18n/index.svelte';
import type { FamilyAnalysis } from '../lib/replay/analysis';
import type { ShareLines } from '../lib/replay/share';
import type { MoveResult } from '../lib/table/move-result';
import type { RematchVoter } from '../lib/table/rematch-vote.svelte';

export type { MoveResult };

/**
 * The answer to a hint request: the code (null: nothing to guess now) and what to do with it
 * (a guess; MM44: a row to place or a "Master Mind!" call), or a translated error.
 */
export type HintOutcome =
  { ok: true; code: (number | null)[] | null; kind: HintKind; possible: number } | { ok: false; error: string };

/** What the room page gives a family's game component; `A` is the family's action type. */
export interface GameProps<A = unknown> {
  room: RoomSummary;
  snapshot: Snapshot;
  /** the seat this browser holds, or null when watching */
  seat: Seat | null;
  connected: boolean;
  /** plays one of the family's actions */
  act: (action: A) => Promise<MoveResult>;
  /**
   * Asks the server for a hint (rooms with hints on, for a seated player): a strong next
   * code from this seat's own view and how many codes (MM44: deals) are still possible.
   * Absent when the room has no hints.
   */
  hint?: () => Promise<HintOutcome>;
  /**
   * Votes for (or withdraws) this seat's rematch once the match is over: the status card shows
   * the other players' requests with it. Absent where no vote can be made (a replay).
   */
  rematch?: RematchVoter;
  /**
   * Shown read-only in a replay (/m/<id>): `snapshot.view` is the family's `review`, so
   * secrets show before their reveal; no move can be made and nothing links on to a new game.
   */
  replay?: boolean;
}

/**
 * A game family as the client knows it: its name, its messages, its options form for the home
 * page, and its table for the room page. New families plug in here (docs/rules.md §2–§4).
 */
export interface ClientFamily {
  id: FamilyId;
  /** its name in every language: the rules family's own constant (its pure.ts), which the server's pages and pushes read too */
  name: Readonly<Record<Lang, string>>;
  description: MessageKey;
  players: MessageKey;
  /** what the home page shows of it in a language (description, players, presets): loaded with the home page */
  listing: DictionaryPart;
  /** the rest of its messages in a language: loaded with the first of its screens below, or its room's rules line */
  messages: DictionaryPart;
  // `any`: each family's form edits its own options type (bound with bind:options); loaded on demand
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  OptionsForm: () => Promise<Component<{ options: any }, object, 'options'>>;
  /** the family's table (a chunk of its own: loaded when a room of this family opens) */
  Game: () => Promise<Component<GameProps>>;
  /** its lines of the "Share result" text (loaded on demand, with the finished match) */
  shareLines: () => Promise<ShareLines>;
  /** its part of the replay's analysis (loaded on demand, with the analysis and the solver) */
  analysis: () => Promise<FamilyAnalysis>;
  /**
   * The room's public options in a line or two of text, translated (call it where `t()` is
   * reactive: markup or $derived). The options arrive as the server stored them.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  summary: (options: any) => string[];
}
