// The merchant console as a merchant answering "I paid and nothing happened": find the
// payment, read its history and callbacks, export, manage keys; with JavaScript on and off.
import { expect, test } from '@playwright/test';
import { baseURL, checkA11y, createWidget, heading, merchantLogin, shot, uniqueAmount, watchConsole } from './kassa';

test('merchant: find a payment, read its history, export, keys', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(1900), country: 'RU', language: 'en' });

  await page.goto(`${baseURL}/merchant/`);
  await heading(page, 'Log in');
  await page.getByLabel('Login').fill(merchantLogin.login);
  await page.getByLabel('Password').fill(merchantLogin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Payments');
  await checkA11y(page, info);
  await shot(page, 'merchant-payments', info);

  // The merchant knows its own payment_id.
  await page.getByLabel("Request ID or merchant's payment ID").fill(created.request_id);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(created.request_id);
  await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expect(page.locator('.timeline')).toContainText('processing:new');
  await checkA11y(page, info);
  await shot(page, 'merchant-payment', info);

  // The export link answers a CSV with this payment in it.
  await page.getByRole('link', { name: 'Payments' }).click();
  const href = await page.getByRole('link', { name: 'Download these payments as CSV' }).getAttribute('href');
  const csv = await page.request.get(`${baseURL}${href}`);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(created.request_id);

  await page.getByRole('link', { name: 'Keys' }).click();
  await heading(page, 'Keys');
  await expect(page.getByText('BEGIN PUBLIC KEY').first()).toBeVisible();
  await checkA11y(page, info);
  await shot(page, 'merchant-keys', info);

  await page.getByRole('link', { name: 'Balance' }).click();
  await heading(page, 'Balance');
  await checkA11y(page, info);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await heading(page, 'Dashboard');
  await checkA11y(page, info);
  await page.getByRole('link', { name: 'Integration check' }).click();
  await heading(page, 'Integration check');
  await checkA11y(page, info);
  expect(errors).toEqual([]);
});
