// Card payments on the hosted page (payin-ecom-card): the form, 3DS with the sandbox issuer,
// and declines; each with JavaScript on and off.
import { expect, Page, test } from '@playwright/test';
import { checkA11y, createWidget, heading, shot, uniqueAmount, watchConsole } from './kassa';

async function cardPayment() {
  return createWidget({ currency: 'RUB', amount: uniqueAmount(2500), country: 'RU', widget_method: 'payin-ecom-card', language: 'en' });
}

/** With JavaScript, the card form helper hydrates on idle: wait for it. */
async function cardReady(page: Page, js: boolean) {
  if (js) await expect(page.locator('[data-card-ready="1"]')).toBeAttached({ timeout: 15_000 });
}

async function fillCard(page: Page, pan: string) {
  await page.getByLabel('Card number').fill(pan);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Name on the card').fill('IVAN PETROV');
  await page.getByLabel('Security code (CVV)').fill('123');
}

/** Without JavaScript the hand-off pages wait for a click. */
async function continueToBank(page: Page, js: boolean) {
  if (!js) await page.getByRole('button', { name: 'Continue to the bank' }).click();
}

test('card: frictionless success', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await cardPayment();
  await page.goto(created.integration.form_url);
  await heading(page, 'Pay by card');
  await checkA11y(page, info);
  await cardReady(page, info.project.name === 'js');
  await fillCard(page, '4242424242424242');
  if (info.project.name === 'js') await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await heading(page, 'Paid');
  await expect(page.getByRole('link', { name: 'Return to the shop' })).toBeVisible();
  await shot(page, 'card-success', info);
  expect(errors).toEqual([]);
});

test('card: 3DS challenge, one wrong code, then the right one', async ({ page }, info) => {
  const js = info.project.name === 'js';
  const errors = watchConsole(page);
  const created = await cardPayment();
  await page.goto(created.integration.form_url);
  await cardReady(page, info.project.name === 'js');
  await fillCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: /^Pay / }).click();
  await continueToBank(page, js);
  await heading(page, 'Your bank: confirm the payment');
  await checkA11y(page, info);
  await page.getByLabel('One-time code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong code. Attempts left: 2');
  await page.getByLabel('One-time code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await continueToBank(page, js);
  await heading(page, 'Paid');
  await shot(page, 'card-3ds-success', info);
  expect(errors).toEqual([]);
});

test('card: the issuer declines', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await cardPayment();
  await page.goto(created.integration.form_url);
  await cardReady(page, info.project.name === 'js');
  // Two refusals leave the form for another card; the third declines the payment.
  for (const left of [2, 1]) {
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert')).toContainText(`Cards you can still try: ${left}.`);
    await cardReady(page, info.project.name === 'js');
  }
  await fillCard(page, '4000000000000002');
  await page.getByRole('button', { name: /^Pay / }).click();
  await heading(page, 'Payment not completed');
  await expect(page.getByText('Your bank declined the payment.')).toBeVisible();
  await checkA11y(page, info);
  await shot(page, 'card-declined', info);
  expect(errors).toEqual([]);
});

test('card: mistakes are named before anything is charged', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await cardPayment();
  await page.goto(created.integration.form_url);
  await cardReady(page, info.project.name === 'js');
  await fillCard(page, '4242424242424241');
  await page.getByLabel('Name on the card').fill('José');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Check the card number.')).toBeVisible();
  await expect(page.getByText('Enter the name as printed on the card, in Latin or Cyrillic letters.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page, info);
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await heading(page, 'Paid');
  expect(errors).toEqual([]);
});
