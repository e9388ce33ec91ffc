import { describe, expect, it } from 'vitest';
import { shareText } from './share';

const base = { n: 26, hard: false, maxGuesses: 10, pegs: 4, link: 'https://mm.example/daily' };

describe('shareText', () => {
  it('heads a won attempt with its rows used, then one line of pegs per row, then the link', () => {
    const text = shareText({
      ...base,
      won: true,
      rows: [
        { black: 0, white: 0 },
        { black: 1, white: 2 },
        { black: 2, white: 1 },
        { black: 4, white: 0 },
      ],
    });
    expect(text).toBe(
      ['Mastermind daily #26 4/10', '', '➖➖➖➖', '⚫⚪⚪➖', '⚫⚫⚪➖', '⚫⚫⚫⚫', '', 'https://mm.example/daily'].join(
        '\n',
      ),
    );
  });

  it('shows X for a lost attempt and a star in hard mode', () => {
    const rows = Array.from({ length: 10 }, () => ({ black: 3, white: 0 }));
    const text = shareText({ ...base, won: false, hard: true, rows });
    expect(text.split('\n')[0]).toBe('Mastermind daily #26 X/10*');
    expect(text.split('\n').filter((l) => l === '⚫⚫⚫➖')).toHaveLength(10);
  });

  it('never carries a colour: only the peg symbols and the head and link', () => {
    const text = shareText({ ...base, won: true, rows: [{ black: 4, white: 0 }] });
    expect(text.split('\n').slice(2, -2).join('')).toMatch(/^[⚫⚪➖]+$/u);
  });
});
