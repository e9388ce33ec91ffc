import { afterAll, describe, expect, it } from 'vitest';
import { loadLanguage, locale } from './i18n/index.svelte';
import { nameProblemText } from './name-problem';

/** Switches the language and waits until `t` speaks it. */
async function speak(lang: 'en' | 'fr' | 'de'): Promise<void> {
  await loadLanguage(lang);
  locale.lang = lang;
  // the switch lands once its (already loaded) messages resolve: a few microtasks
  for (let i = 0; i < 100 && locale.lang !== lang; i++) await Promise.resolve();
  expect(locale.lang).toBe(lang);
}

describe('what the client says of a name the server would refuse', () => {
  // The language is the module's, shared with the test files run after this one in the same worker.
  afterAll(() => speak('en'));

  it('says nothing of a name that will do, emoji and accents included', async () => {
    await speak('en');
    for (const name of ['Ann', 'Nguyễn', '\u{1F469}\u{1F3FD}\u200D\u{1F4BB} Dev', '  Zoé  '])
      expect(nameProblemText(name)).toBeNull();
  });

  it('names the problem in the reader’s language: hidden characters, stacked marks, length, nothing visible', async () => {
    await speak('en');
    expect(nameProblemText('Bo\uFE0Fb')).toMatch(/no invisible or special characters/);
    expect(nameProblemText(`Ann${'\u0336'.repeat(4)}`)).toBe('Too many accents on one letter: at most 3.');
    expect(nameProblemText('a'.repeat(25))).toBe('A name has at most 24 characters.');
    expect(nameProblemText('\u200B ')).toBe('Enter your name first.');
    await speak('fr');
    expect(nameProblemText('Bo\u2028b')).toMatch(/aucun caractère invisible/);
    await speak('de');
    expect(nameProblemText('a'.repeat(25))).toBe('Ein Name hat höchstens 24 Zeichen.');
  });
});
