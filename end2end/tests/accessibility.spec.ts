// Accessibility beyond axe (issue 14): a keyboard-only journey, reflow at 320 px and at 200 %
// zoom without horizontal scrolling, reduced motion honoured, status changes announced, and a
// page still usable in forced-colours mode.
import { expect, Page, test } from '@playwright/test';
import { createWidget, heading, hydrated, operator, shot, uniqueAmount, watchConsole } from './kassa';

/** Tabs until `target` has the focus (at most 40 presses); fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('the control was never reached with Tab');
}

/** The focused control shows a visible focus ring. */
async function focusVisible(page: Page) {
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

test('keyboard only: choose a method, copy, say paid, cancel with its question', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(1300), country: 'RU', language: 'en' });
  await page.goto(created.integration.form_url);
  await heading(page, 'How would you like to pay?');
  const method = page.getByRole('button', { name: 'Transfer to a bank card' });
  await tabTo(page, method);
  await focusVisible(page);
  await page.keyboard.press('Enter');
  await heading(page, 'Transfer the exact amount');
  await hydrated(page, info);
  const paid = page.getByRole('button', { name: 'I have paid' });
  await tabTo(page, paid);
  await focusVisible(page);
  await page.keyboard.press('Space');
  await heading(page, 'Checking your payment');
  const cancel = page.getByRole('link', { name: 'Cancel the payment' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const yes = page.getByRole('button', { name: 'Yes, cancel the payment' });
  if (info.project.name === 'js') {
    // The dialog takes the focus; Tab stays inside it.
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  await tabTo(page, yes);
  await focusVisible(page);
  await page.keyboard.press('Enter');
  await heading(page, 'Payment not completed');
  expect(errors).toEqual([]);
});

for (const [name, width] of [['320 px', 320], ['200 % zoom of 320 px', 160]] as const) {
  test(`reflow at ${name}: no horizontal scrolling`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 800 });
    const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(1400), country: 'RU', widget_method: 'payin-p2p-card', language: 'ru' });
    await page.goto(created.integration.form_url);
    await expect(page.locator('.requisites .value.mono').first()).toBeVisible({ timeout: 25_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `reflow-${width}`, info);
  });
}

test('reduced motion stops the spinner; a status change is announced', async ({ page }, info) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const amount = uniqueAmount(1600);
  const created = await createWidget({ currency: 'RUB', amount, country: 'RU', widget_method: 'payin-p2p-card', language: 'en' });
  await page.goto(created.integration.form_url);
  await heading(page, 'Transfer the exact amount');
  await hydrated(page, info);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await heading(page, 'Checking your payment');
  expect(await page.locator('.spinner').first().evaluate((e) => getComputedStyle(e).animationName)).toBe('none');
  if (info.project.name === 'js') {
    // The live region says the status changed when the page changes in place.
    await operator('/api/v1/operator/payments/received', { request_id: created.request_id, amount });
    await heading(page, 'Paid');
    await expect(page.locator('[role="status"]').filter({ hasText: 'The payment status has changed.' })).toHaveCount(1);
  }
});

test('forced colours: controls keep their edges and the page its text', async ({ page }, info) => {
  await page.emulateMedia({ forcedColors: 'active' });
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(1800), country: 'RU', language: 'en' });
  await page.goto(created.integration.form_url);
  await heading(page, 'How would you like to pay?');
  const border = await page.getByRole('button', { name: 'Transfer to a bank card' }).evaluate((b) => getComputedStyle(b).borderTopStyle);
  expect(border).not.toBe('none');
  await shot(page, 'forced-colours', info);
});
