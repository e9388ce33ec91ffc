import { render } from 'svelte/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LANGS } from '../lib/i18n/core';
import { loadLanguage, locale } from '../lib/i18n/index.svelte';
import { CLIENT_FAMILIES } from '.';
import { defaultOptions } from './options';

/** An option's test id: `option-` and its name in kebab case (handScoring → option-hand-scoring). */
const testidOf = (field: string): string => `option-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
/** The opening tag of the element with this test id, or null. */
const tagOf = (html: string, testid: string): string | null =>
  new RegExp(`<[a-z]+\\b[^>]*data-testid="${testid}"[^>]*>`).exec(html)?.[0] ?? null;
/** The value of the option a `<select>` shows chosen, or null. */
const selectedIn = (html: string, testid: string): string | null => {
  const select = new RegExp(`<select\\b[^>]*data-testid="${testid}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
  return select ? (/<option value="([^"]*)"[^>]*\bselected\b/.exec(select)?.[1] ?? null) : null;
};

/** How the form shows a field's value: a switch's state, a list's chosen value, or the chosen radio's. */
function shown(html: string, field: string, value: unknown): unknown {
  const id = testidOf(field);
  if (typeof value === 'boolean') return /\bchecked\b/.test(tagOf(html, id) ?? '');
  if (tagOf(html, id)?.startsWith('<select')) return selectedIn(html, id);
  return /\bchecked\b/.test(tagOf(html, `${id}-${String(value)}`) ?? '') ? String(value) : null;
}

describe('each family’s options form', () => {
  // The files of this project share their modules: the next one reads the language this one leaves.
  const shownBefore = locale.lang;
  afterAll(async () => {
    locale.lang = shownBefore;
    await vi.waitUntil(() => locale.lang === shownBefore);
  });

  for (const family of CLIENT_FAMILIES) {
    it(`offers every option of the ${family.id} rules, its default chosen`, async () => {
      const OptionsForm = await family.OptionsForm();
      const options = defaultOptions(family.id);
      const html = render(OptionsForm, { props: { options } }).body;
      for (const [field, value] of Object.entries(options)) {
        expect(shown(html, field, value), field).toBe(typeof value === 'boolean' ? value : String(value));
      }
    });

    it(`names the ${family.id} options in every language`, async () => {
      const OptionsForm = await family.OptionsForm();
      for (const lang of LANGS) {
        await loadLanguage(lang);
        locale.lang = lang;
        await expect.poll(() => locale.lang).toBe(lang);
        const html = render(OptionsForm, { props: { options: defaultOptions(family.id) } }).body;
        // a message key left as it is: a text the language lacks
        expect(html, lang).not.toMatch(/>\s*[a-z0-9]+\.option\.[\w.]+\s*</);
      }
    });
  }
});
