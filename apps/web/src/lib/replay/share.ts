import type { MatchStatus, MatchView, Mm44Peg, Score, Seat } from '@mm/rules';
import type { Params } from '../i18n/core';
import type { MessageKey } from '../i18n/en';

/**
 * "Share result": a short text for a chat, made of key pegs only (black ⚫, white ⚪, none ➖),
 * never a colour of a guess or a secret, so it spoils nothing for anyone who plays the same
 * code; the replay link ends it.
 */
export interface ShareInput {
  familyName: string;
  /** the final view (any view of a finished match shows everything the text needs) */
  view: MatchView;
  status: MatchStatus;
  nameOf: (seat: Seat) => string;
  /** the replay's absolute link */
  url: string;
}

export type Translate = (key: MessageKey, params?: Params) => string;

const BLACK = '⚫';
const WHITE = '⚪';
const NONE = '➖';

export const keyPegs = (score: Score, pegs: number): string =>
  BLACK.repeat(score.black) + WHITE.repeat(score.white) + NONE.repeat(Math.max(0, pegs - score.black - score.white));

const mm44Peg = (peg: Mm44Peg): string => (peg === 'black' ? BLACK : peg === 'white' ? WHITE : NONE);

function body(input: ShareInput, tr: Translate): string[] {
  const { view, nameOf } = input;
  const lines: string[] = [];
  const outcome = (broken: boolean, rows: number): string => (broken ? tr('share.broken', { n: rows }) : tr('share.notBroken'));
  switch (view.family) {
    case 'duel':
      for (const r of view.rounds) {
        if (r.outcome === null) continue;
        lines.push(`${tr('share.round', { n: r.number })} · ${nameOf(r.codebreaker)}: ${outcome(r.outcome === 'broken', r.rows.length)}${r.faulty ? ' ⚠' : ''}`);
        for (const row of r.rows) if (row.score) lines.push(keyPegs(row.score, view.options.pegs));
      }
      break;
    case 'rotation':
      for (const r of view.rounds) {
        if (r.outcome === null) continue;
        lines.push(`${tr('share.round', { n: r.number })} · ${nameOf(r.codemaker)}: ${outcome(r.outcome === 'broken', r.rows.length)}`);
        for (const row of r.rows) lines.push(`${keyPegs(row.score, view.options.pegs)} ${nameOf(row.seat)}`);
      }
      break;
    case 'parker':
      for (const g of view.games) {
        if (g.outcome === null) continue;
        const result = g.winner === null ? tr('share.draw') : tr('share.winner', { names: nameOf(g.winner) });
        lines.push(`${tr('share.game', { n: g.number })}: ${result}`);
        lines.push(`${nameOf(0)} | ${nameOf(1)}`);
        const moves = Math.max(g.guesses[0].length, g.guesses[1].length);
        for (let m = 0; m < moves; m++) {
          const a = g.guesses[0][m];
          const b = g.guesses[1][m];
          lines.push(`${a ? keyPegs(a.score, view.options.pegs) : ''} | ${b ? keyPegs(b.score, view.options.pegs) : ''}`);
        }
      }
      break;
    case 'mm44':
      for (const b of view.boards) {
        const rows = b.rows.map((row) => row.answers.map((a) => mm44Peg(a.peg)).join(''));
        lines.push(`${tr('share.board', { n: b.board + 1 })} · ${nameOf(b.holder)}: ${rows.length ? rows.join(' ') : NONE}`);
      }
      for (const c of view.calls) lines.push(`${tr('share.call', { name: nameOf(c.seat) })} ${c.correct ? '✅' : '❌'}`);
      break;
  }
  return lines;
}

export function shareText(input: ShareInput, tr: Translate): string {
  const { status, nameOf } = input;
  const result = status.draw
    ? tr('share.draw')
    : tr('share.winner', { names: status.winners.map((s) => nameOf(s)).join(', ') });
  const scores = status.scores.map((score, seat) => `${nameOf(seat)} ${score}`).join(' · ');
  return [
    tr('share.heading', { family: input.familyName }),
    ...body(input, tr),
    `${result} (${scores})`,
    input.url,
  ].join('\n');
}
