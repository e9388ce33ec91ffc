/** A row of the daily as the share text shows it: key pegs only, never a colour. */
export interface ShareRow {
  black: number;
  white: number;
}

export interface ShareInput {
  /** the puzzle number */
  n: number;
  rows: readonly ShareRow[];
  /** the attempt broke the code (its last row is all black) */
  won: boolean;
  hard: boolean;
  /** rows a board has */
  maxGuesses: number;
  /** pegs of the code: each line has this many symbols */
  pegs: number;
  /** the link to /daily */
  link: string;
}

const BLACK = '⚫';
const WHITE = '⚪';
/** An empty hole, so every line is as wide as the code and a row of no pegs still shows. */
const EMPTY = '➖';

/**
 * The spoiler-free text of a finished attempt: `Mastermind daily #N 4/10` (`X/10` when lost, `*`
 * after it in hard mode), then one line per row — its black pegs, then its white ones, then the
 * empty holes, always in that order, so a line tells nothing of where the colours were — then
 * the link.
 */
export function shareText(input: ShareInput): string {
  const score = input.won ? String(input.rows.length) : 'X';
  const head = `Mastermind daily #${input.n} ${score}/${input.maxGuesses}${input.hard ? '*' : ''}`;
  const lines = input.rows.map(
    (r) => BLACK.repeat(r.black) + WHITE.repeat(r.white) + EMPTY.repeat(Math.max(0, input.pegs - r.black - r.white)),
  );
  return [head, '', ...lines, '', input.link].join('\n');
}
