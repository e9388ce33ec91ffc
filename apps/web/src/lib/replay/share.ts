import type { MatchStatus, MatchView, Score, Seat } from '@mm/rules';
import type { Params } from '../i18n/core';
import type { MessageKey } from '../i18n/en';

/**
 * "Share result": a short text for a chat, made of key pegs only (black ⚫, white ⚪, none ➖),
 * never a colour of a guess or a secret, so it spoils nothing for anyone who plays the same
 * code; the replay link ends it.
 */
export interface ShareInput {
  familyName: string;
  /** the family's own lines (its `shareLines`, loaded with its screens) */
  lines: ShareLines;
  /** the final view (any view of a finished match shows everything the text needs) */
  view: MatchView;
  status: MatchStatus;
  nameOf: (seat: Seat) => string;
  /** the replay's absolute link */
  url: string;
}

export type Translate = (key: MessageKey, params?: Params) => string;

export const BLACK = '⚫';
export const WHITE = '⚪';
export const NONE = '➖';

export const keyPegs = (score: Score, pegs: number): string =>
  BLACK.repeat(score.black) + WHITE.repeat(score.white) + NONE.repeat(Math.max(0, pegs - score.black - score.white));

/**
 * What a family adds to the text: its lines between the heading and the result, from the final
 * view (its own type; each family's `share.ts` in apps/web/src/families/<id>/).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ShareLines = (view: any, tools: ShareTools) => string[];

export interface ShareTools {
  tr: Translate;
  nameOf: (seat: Seat) => string;
  /** "broken in n" or "not broken", translated */
  outcome: (broken: boolean, rows: number) => string;
}

export function shareText(input: ShareInput, tr: Translate): string {
  const { status, nameOf } = input;
  const result = status.draw ? tr('share.draw') : tr('share.winner', { names: status.winners.map((s) => nameOf(s)).join(', ') });
  const scores = status.scores.map((score, seat) => `${nameOf(seat)} ${score}`).join(' · ');
  return [
    tr('share.heading', { family: input.familyName }),
    ...input.lines(input.view, {
      tr,
      nameOf,
      outcome: (broken, rows) => (broken ? tr('share.broken', { n: rows }) : tr('share.notBroken')),
    }),
    `${result} (${scores})`,
    input.url,
  ].join('\n');
}
