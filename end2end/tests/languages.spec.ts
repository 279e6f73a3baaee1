// Every language of the payment page: the instructions screen in each, laid out right to left in
// Arabic, with every visible sentence translated (one that is still the English sentence was not
// taken from the locale's Fluent file).
import { expect, Page, test } from '@playwright/test';
import { checkA11y, createWidget, heading, shot, uniqueAmount, watchConsole } from './kassa';

/** Sentences shown on the page (text nodes of three words or more), values left out. */
async function sentences(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement!;
      if (el.closest('script, .value, .languages, .sandbox-banner + *, dd') || el.closest('[hidden]')) continue;
      const text = (n.textContent ?? '').trim();
      if (text.split(/\s+/).length >= 3 && /\p{L}/u.test(text)) out.push(text);
    }
    return out;
  });
}

test('every language: instructions, right to left for Arabic, nothing left in English', async ({ page }, info) => {
  test.skip(info.project.name !== 'js', 'one pass over the languages is enough; the markup is the same without JavaScript');
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(4100), country: 'RU', widget_method: 'payin-p2p-card', language: 'en' });
  await page.goto(`${created.integration.form_url}?lang=en`);
  await heading(page, 'Transfer the exact amount');
  const english = new Set(await sentences(page));
  const codes = await page.locator('.languages a').evaluateAll((links) => links.map((a) => a.getAttribute('hreflang')!));
  expect(codes.length).toBeGreaterThanOrEqual(22);
  const untranslated: string[] = [];
  for (const code of codes.filter((c) => c !== 'en')) {
    await page.goto(`${created.integration.form_url}?lang=${code}`);
    await expect(page.locator('html')).toHaveAttribute('lang', code);
    if (code === 'ar') {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // The card number and the amount still read left to right.
      const number = page.locator('.requisites .value.mono').first();
      expect(await number.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
      expect(await page.locator('.amount').evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    }
    else expect(await page.locator('html').getAttribute('dir')).toBeNull();
    await expect(page.locator('.requisites .value.mono').first()).toBeVisible();
    for (const s of await sentences(page)) if (english.has(s)) untranslated.push(`${code}: ${s}`);
    await shot(page, `locale-${code}`, info);
  }
  expect(untranslated).toEqual([]);
  await page.goto(`${created.integration.form_url}?lang=ar`);
  await checkA11y(page, info);
  expect(errors).toEqual([]);
});
