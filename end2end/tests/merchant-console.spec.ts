// The merchant console as a merchant answering "I paid and nothing happened": find the
// payment, read its history and callbacks, export, manage keys; with JavaScript on and off.
import { expect, test } from '@playwright/test';
import crypto from 'node:crypto';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import {
  baseURL, checkA11y, createWidget, heading, keysProjects, merchantLogin, projectId, shot, signedPost, uniqueAmount,
  watchConsole,
} from './kassa';

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
  await page.getByLabel(/start of the merchant's payment ID/).fill(created.request_id);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(created.request_id);
  await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expect(page.locator('.timeline')).toContainText('processing:new');
  await checkA11y(page, info);
  await shot(page, 'merchant-payment', info);

  // The export link answers a CSV with this payment in it.
  await page.getByRole('navigation').getByRole('link', { name: 'Payments' }).click();
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
  await shot(page, 'merchant-balance', info);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await heading(page, 'Dashboard');
  await checkA11y(page, info);
  await shot(page, 'merchant-dashboard', info);
  await page.getByRole('link', { name: 'Integration check' }).click();
  await heading(page, 'Integration check');
  await checkA11y(page, info);
  await shot(page, 'merchant-integration', info);
  expect(errors).toEqual([]);
});

/** Logs the merchant user in on `page`. */
async function logIn(page: import('@playwright/test').Page) {
  await page.goto(`${baseURL}/merchant/login`);
  await page.getByLabel('Login').fill(merchantLogin.login);
  await page.getByLabel('Password').fill(merchantLogin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Payments');
}

test('merchant: a failed callback is seen, then resent once the server recovers; a key is added and deactivated', async ({ page }, info) => {
  // The merchant's callback server: failing at first.
  let answer = 500;
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push(body);
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer === 200 ? 'stored' : 'database down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  try {
    const paymentId = `e2e-cb-${crypto.randomUUID()}`;
    await signedPost('/api/v1/payment/p2p/payin', {
      general: { project_id: projectId, payment_id: paymentId, merchant_decline_callback_url: `http://127.0.0.1:${port}/hook` },
      payment: { method: 'card-p2p', amount: uniqueAmount(2100), currency: 'RUB' },
      customer: { id: 'e2e-cb', ip_address: '203.0.113.7', country: 'RU' },
    });
    await signedPost('/api/v1/payment/p2p/payin/cancel', { general: { project_id: projectId, payment_id: paymentId } });
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);

    await logIn(page);
    // Across payments: what did not arrive, when it is tried next, the last answer.
    await page.getByRole('navigation').getByRole('link', { name: 'Failing callbacks' }).click();
    await heading(page, 'Callbacks that did not arrive');
    const failing = page.locator('tr', { hasText: paymentId });
    await expect(failing).toContainText(/retrying after \d+ failed attempts?: next attempt at/);
    await expect(failing).toContainText('→ 500');
    await checkA11y(page, info);
    await shot(page, 'merchant-failing-callbacks', info);
    await page.getByRole('navigation').getByRole('link', { name: 'Payments' }).click();
    // Found by the merchant's own payment_id.
    await page.getByLabel(/start of the merchant's payment ID/).fill(paymentId);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator('.facts').first()).toContainText(paymentId);
    await expect(page.getByRole('table', { name: /Delivery attempts of the decline callback/ })).toContainText('database down');
    await checkA11y(page, info);
    await shot(page, 'merchant-failed-callback', info);

    answer = 200;
    const before = received.length;
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByRole('status')).toContainText('sent again');
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(before);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('table', { name: /Delivery attempts of the decline callback/ })).toContainText('stored');
    }).toPass({ timeout: 15_000 });
    await page.getByRole('navigation').getByRole('link', { name: 'Failing callbacks' }).click();
    // On the list itself: no such row on the page before it either.
    await heading(page, 'Callbacks that did not arrive');
    await expect(page.locator('tr', { hasText: paymentId })).toHaveCount(0);

    // Rotation: a new HMAC key, its secret shown once; then deactivated.
    await page.getByRole('link', { name: 'Keys' }).click();
    await heading(page, 'Keys');
    const section = page.locator(`#p-${keysProjects[info.project.name]}`);
    await section.getByLabel('Type').selectOption('hmac-sha512');
    // The answer to this very form: a refusal would otherwise show only as a missing heading.
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && /\/merchant\/keys\/[^/]+\/add$/.test(r.url()));
    await section.getByRole('button', { name: 'Add a request key' }).click();
    expect((await added).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Key added' })).toBeVisible();
    const token = (await page.locator('#added .mono').first().textContent())!;
    expect(token).toMatch(/^\w{16,}$/);
    await expect(page.locator('#added')).toContainText('HMAC secret');
    await shot(page, 'merchant-key-added', info);
    const row = page.locator('tr', { hasText: token });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    // Asked once more: every request signed with it is refused from then on.
    await heading(page, 'Confirm: Deactivate a request key');
    await expect(page.getByText(/Unknown key/)).toBeVisible();
    await checkA11y(page, info);
    await shot(page, 'merchant-key-confirm', info);
    await page.getByRole('button', { name: 'Yes, deactivate the key' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved.');
    await expect(page.locator('tr', { hasText: token })).toContainText('disabled');
    await checkA11y(page, info);
  } finally {
    server.close();
  }
});

test('merchant: what payers see on the payment page', async ({ page }, info) => {
  const errors = watchConsole(page);
  await page.goto(`${baseURL}/merchant/`);
  await page.getByLabel('Login').fill(merchantLogin.login);
  await page.getByLabel('Password').fill(merchantLogin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Payments');
  await page.getByRole('link', { name: 'Payment page' }).click();
  await heading(page, 'Payment page');
  const section = page.locator(`#p-${projectId}`);
  await expect(section.getByLabel('Name payers see')).toHaveValue('E2E Books');
  await expect(section.getByLabel('Brand colour')).toHaveValue('#0a6e3c');
  // A colour white text cannot be read on is refused and named.
  await section.getByLabel('Brand colour').fill('#ffd400');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Brand colour');
  await checkA11y(page, info);
  await shot(page, 'merchant-payment-page', info);
  // Saved as it was (other tests read this project's brand).
  const again = page.locator(`#p-${projectId}`);
  await again.getByLabel('Name payers see').fill('E2E Books');
  await again.getByLabel('Brand colour').fill('#0a6e3c');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  // The refused form answered 400 on purpose (the page with what was wrong); nothing else failed.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});

test('merchant: a payout requested from the balance page, asked once more, then cancelled', async ({ page }, info) => {
  const errors = watchConsole(page);
  // Money on the balance: a card payment in the sandbox.
  const amount = uniqueAmount(700);
  await signedPost('/api/v1/payment/ecom/payin', {
    general: { project_id: projectId, payment_id: `e2e-fund-${crypto.randomUUID()}` },
    payment: { method: 'card-ecom', amount: amount * 2, currency: 'RUB' },
    card: { pan: '4242424242424242', year: 2030, month: 12, card_holder: 'IVAN PETROV' },
    customer: { id: 'e2e-fund', ip_address: '203.0.113.7', country: 'RU' },
  });
  await logIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Balance' }).click();
  await page.getByRole('link', { name: 'Request a payout' }).click();
  await heading(page, 'Request a payout');
  const form = page.getByRole('form', { name: 'Request a payout' });
  await form.getByLabel('Project').selectOption(projectId);
  await form.getByLabel('Method').selectOption('card-p2p');
  await form.getByLabel('Amount').fill((amount / 100).toFixed(2));
  await form.getByLabel('Card or account number').fill('5536 9138 1234 5672');
  await form.getByLabel("Holder's name").fill('IVAN PETROV');
  await checkA11y(page, info);
  await shot(page, 'merchant-payout-form', info);
  await form.getByRole('button', { name: 'Request a payout' }).click();
  // Asked once more: how much, to whom (masked), from which project.
  await heading(page, 'Confirm: Request a payout');
  await expect(page.getByText(/leaves the available balance/)).toContainText('5536********5672');
  await checkA11y(page, info);
  await shot(page, 'merchant-payout-confirm', info);
  await page.getByRole('button', { name: 'Yes, request the payout' }).click();
  await expect(page.getByRole('status')).toContainText('Payout requested');
  await expect(page.locator('#receiver')).toContainText('5536********5672');
  // Not sent yet: the owner may cancel it, asked once more.
  await page.getByRole('button', { name: 'Cancel this payout' }).click();
  await expect(page.getByText(/its amount is available again/)).toBeVisible();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status')).toContainText('Cancelled');
  await expect(page.locator('.facts').first()).toContainText('Declined');
  expect(errors).toEqual([]);
});
