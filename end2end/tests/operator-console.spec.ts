// The operator console as an operator uses it, beside a payer on the payment page; with
// JavaScript on and off (the console needs none).
import { expect, Page, test } from '@playwright/test';
import crypto from 'node:crypto';
import { baseURL, checkA11y, createWidget, heading, operatorLogin, projectId, shot, signedPost, uniqueAmount, waitForCardSuccess, watchConsole } from './kassa';

/** A Luhn-valid RU card number no other run uses. */
function freshCard(): string {
  const body = '220070' + String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

async function logIn(page: Page) {
  await page.goto(`${baseURL}/operator/`);
  await heading(page, 'Log in');
  await page.getByLabel('Login').fill(operatorLogin.login);
  await page.getByLabel('Password').fill(operatorLogin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Waiting for you');
}

/** A payer pays by card transfer and says so; answers the payment. */
async function payerSaysPaid(page: Page, amount: number) {
  const created = await createWidget({ currency: 'RUB', amount, country: 'RU', language: 'en' });
  await page.goto(created.integration.form_url);
  await page.getByRole('button', { name: 'Transfer to a bank card' }).click();
  await heading(page, 'Transfer the exact amount');
  await page.getByRole('button', { name: 'I have paid' }).click();
  await heading(page, 'Checking your payment');
  return created;
}

test('operator: log in, add a requisite, funds received from the queue, the payer sees success', async ({ browser }, info) => {
  const operatorPage = await (await browser.newContext()).newPage();
  const errors = watchConsole(operatorPage);
  await logIn(operatorPage);
  await checkA11y(operatorPage, info);
  await shot(operatorPage, 'operator-queue', info);

  await operatorPage.getByRole('link', { name: 'Requisites' }).click();
  await heading(operatorPage, 'Requisites pool');
  const card = freshCard();
  // The add form is folded above the pool until opened.
  await operatorPage.locator('#add > summary').click();
  const add = operatorPage.getByRole('form', { name: 'Add a requisite' });
  // Pickers, not codes to remember: the country and currency chosen, the methods ticked.
  await expect(add.getByLabel('Country')).toHaveValue('RU');
  await expect(add.getByLabel('card-p2p', { exact: true })).toBeChecked();
  await add.getByLabel('payin-p2p-card', { exact: true }).check();
  await add.getByLabel('Bank', { exact: true }).selectOption('sberbank');
  // A number that fails the card check: refused, the field says why, what was typed stays.
  await add.getByLabel('Card, phone or account number').fill(card.slice(0, -1) + String((Number(card.slice(-1)) + 1) % 10));
  await add.getByLabel("Holder's name").fill('OLGA SMIRNOVA');
  await add.getByRole('button', { name: 'Add a requisite' }).click();
  const again = operatorPage.getByRole('form', { name: 'Add a requisite' });
  await expect(again.locator('.field-error')).toContainText('card number');
  await expect(again.getByLabel("Holder's name")).toHaveValue('OLGA SMIRNOVA');
  await expect(again.getByLabel('payin-p2p-card', { exact: true })).toBeChecked();
  await checkA11y(operatorPage, info);
  await shot(operatorPage, 'operator-requisite-refused', info);
  await again.getByLabel('Card, phone or account number').fill(card);
  await again.getByRole('button', { name: 'Add a requisite' }).click();
  await expect(operatorPage.getByRole('status')).toHaveText('Requisite added.');
  await expect(operatorPage.locator('td', { hasText: card.slice(-4) }).first()).toBeVisible();
  await expect(operatorPage.getByText(card)).toHaveCount(0);
  // Found again by the last four digits the screens show. Another requisite of the shared pool
  // may end in (or hold an account with) the same four digits, so: ours is there, and every row
  // left shows those digits (a search that filtered nothing would keep the demo pool's others).
  const lastFour = card.slice(-4);
  await operatorPage.getByRole('textbox', { name: 'Search' }).fill(lastFour);
  await operatorPage.getByRole('button', { name: 'Search' }).click();
  const found = operatorPage.locator('tbody tr');
  await expect(found.filter({ hasNotText: lastFour })).toHaveCount(0);
  const ours = found.filter({ hasText: new RegExp(`${card.slice(0, 4)}\\*+${lastFour}`) }).first();
  await expect(ours).toBeVisible();
  // At a desk the masked number reads on one line (its column once shrank and split it in two).
  const phone = operatorPage.viewportSize()!;
  await operatorPage.setViewportSize({ width: 1280, height: 800 });
  const lines = await ours.locator('.masked').evaluate((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return range.getClientRects().length;
  });
  expect(lines).toBe(1);
  await operatorPage.setViewportSize(phone);
  await checkA11y(operatorPage, info);
  await shot(operatorPage, 'operator-requisites', info);

  const payer = await (await browser.newContext()).newPage();
  const amount = uniqueAmount(1700);
  const created = await payerSaysPaid(payer, amount);

  await operatorPage.getByRole('link', { name: 'Queue' }).click();
  const row = operatorPage.locator('tr', { hasText: created.request_id });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Funds received/ }).click();
  // Asked once more, restating the payment and the amount; a second Enter does nothing.
  await heading(operatorPage, 'Confirm: Funds received');
  await expect(operatorPage.locator('.facts').first()).toContainText(created.request_id);
  await operatorPage.keyboard.press('Enter');
  await heading(operatorPage, 'Confirm: Funds received');
  await checkA11y(operatorPage, info);
  await shot(operatorPage, 'operator-confirm', info);
  await operatorPage.getByRole('button', { name: /^Yes, .* received$/ }).click();
  // Back in the queue's list it was decided from.
  await expect(operatorPage.getByRole('status')).toContainText('Done: the payment left this list');
  await expect(operatorPage).toHaveURL(/\/operator\/\?notice=decided#paid$/);
  await expect(operatorPage.locator('tr', { hasText: created.request_id })).toHaveCount(0);
  await operatorPage.goto(`${baseURL}/operator/payments/${created.request_id}`);
  await expect(operatorPage.getByRole('heading', { level: 1 })).toContainText(created.request_id);
  await expect(operatorPage.locator('.facts')).toContainText('Success');
  await expect(operatorPage.getByRole('table', { name: 'Audit trail' })).toContainText(`operator:${operatorLogin.login}`);
  await checkA11y(operatorPage, info);
  await shot(operatorPage, 'operator-payment', info);

  await heading(payer, 'Paid');

  await operatorPage.getByRole('link', { name: 'Dashboard' }).click();
  await heading(operatorPage, 'Dashboard');
  await expect(operatorPage.getByRole('figure', { name: 'Payins per country and method' }).first()).toBeVisible();
  // A period picked: the last 7 days beside the 7 before, with its chart per day.
  await operatorPage.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: 'The last 7 days (UTC)' }).click();
  await expect(operatorPage.getByRole('table', { name: /The last 7 days beside the 7 days before/ })).toBeVisible();
  await expect(operatorPage.getByRole('figure', { name: /Payins per day/ })).toBeVisible();
  await checkA11y(operatorPage, info);
  await shot(operatorPage, 'operator-dashboard', info);
  await operatorPage.getByRole('link', { name: 'Audit log' }).click();
  await expect(operatorPage.getByRole('table', { name: 'Audit trail' })).toContainText('requisite_added');
  await checkA11y(operatorPage, info);
  await shot(operatorPage, 'operator-audit', info);
  // The refused requisite answered 400 on purpose (the form with what was wrong); nothing else failed.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});

test('operator: a receipt dispute resolved with another amount', async ({ browser }, info) => {
  const payer = await (await browser.newContext()).newPage();
  const amount = uniqueAmount(2300);
  const created = await payerSaysPaid(payer, amount);
  await payer.getByRole('link', { name: 'Upload your receipt' }).click();
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  await payer.getByLabel('Receipt file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  await payer.getByRole('button', { name: 'Upload the receipt' }).click();
  await heading(payer, 'Payment under review');

  const operatorPage = await (await browser.newContext()).newPage();
  await logIn(operatorPage);
  const row = operatorPage.locator('#disputes tr', { hasText: created.request_id });
  await expect(row).toContainText('receipt uploaded');
  await operatorPage.getByRole('link', { name: 'Payments' }).click();
  await operatorPage.getByLabel(/start of the merchant's payment ID/).fill(created.request_id);
  await operatorPage.getByRole('button', { name: 'Search' }).click();
  await expect(operatorPage.getByRole('heading', { level: 1 })).toContainText(created.request_id);
  await expect(operatorPage.locator('.facts')).toContainText('Dispute: receipt uploaded');
  // The receipt is shown inline, and served as an image.
  const receipt = operatorPage.getByRole('img', { name: /^Receipt uploaded by the payer/ });
  await expect(receipt).toBeVisible();
  // Visible is laid out, not loaded: wait for the image itself.
  await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(1);
  const received = (amount - 1000) / 100;
  await operatorPage.getByLabel(/^Amount received/).fill(received.toFixed(2));
  await operatorPage.getByRole('button', { name: 'Funds arrived: success' }).click();
  await heading(operatorPage, 'Confirm: Funds arrived: success');
  await expect(operatorPage.getByText(/closes as paid with/)).toContainText(received.toLocaleString('en-US', { minimumFractionDigits: 2 }));
  await operatorPage.getByRole('button', { name: 'Funds arrived: success' }).click();
  await expect(operatorPage.getByRole('status')).toContainText('Done');
  await expect(operatorPage.locator('.facts')).toContainText('Success');
  // The audit writes the amount in major units with its currency, not minor units.
  await expect(operatorPage.getByRole('table', { name: 'Audit trail' })).toContainText(`success, amount ${received.toFixed(2)} RUB`);
  await checkA11y(operatorPage, info);
  // A dispute page does not refresh itself without JavaScript: the payer reloads it.
  if (info.project.name !== 'js') await payer.reload();
  await heading(payer, 'Paid');
  await shot(operatorPage, 'operator-dispute-resolved', info);
});

test('operator: a link to a page survives the login, in the language chosen on the login page', async ({ page }, info) => {
  await page.goto(`${baseURL}/operator/reconciliation`);
  await heading(page, 'Log in');
  await page.locator('details.languages summary').click();
  await page.getByRole('link', { name: 'Русский' }).click();
  await heading(page, 'Вход');
  await page.getByLabel('Логин').fill(operatorLogin.login);
  await page.getByLabel('Пароль').fill(operatorLogin.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/operator\/reconciliation$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await checkA11y(page, info);
});

test('operator: a payout shows its receiver masked, in full only when asked, grouped for the bank form', async ({ page }, info) => {
  const errors = watchConsole(page);
  // Money to pay out: a card payment in the sandbox, then the payout.
  const amount = uniqueAmount(1200);
  const fund = `e2e-fund-${crypto.randomUUID()}`;
  await signedPost('/api/v1/payment/ecom/payin', {
    general: { project_id: projectId, payment_id: fund },
    payment: { method: 'card-ecom', amount: amount * 2, currency: 'RUB' },
    card: { pan: '4242424242424242', year: 2030, month: 12, card_holder: 'IVAN PETROV' },
    customer: { id: 'e2e-fund', ip_address: '203.0.113.7', country: 'RU' },
  });
  await waitForCardSuccess({ project_id: projectId, payment_id: fund });
  const payoutId = `e2e-payout-${crypto.randomUUID()}`;
  const created = await signedPost('/api/v1/payment/p2p/payout', {
    general: { project_id: projectId, payment_id: payoutId },
    payment: { method: 'card-p2p', amount, currency: 'RUB' },
    receiver: { pan: '5536913812345672', card_holder: 'IVAN PETROV' },
    customer: { id: 'e2e-payout', ip_address: '203.0.113.7', country: 'RU' },
  });
  expect(created.status).toBe('processing');
  await logIn(page);
  const row = page.locator('#payouts tr', { hasText: created.request_id });
  await expect(row).toContainText('5536********5672');
  await row.getByRole('link', { name: created.request_id }).click();
  const receiver = page.locator('#receiver');
  await expect(receiver).toContainText('5536********5672');
  await expect(receiver).toContainText('IVAN PETROV');
  await receiver.getByRole('link', { name: /Show the full number/ }).click();
  await expect(page.locator('#receiver')).toContainText('5536 9138 1234 5672');
  await checkA11y(page, info);
  await shot(page, 'operator-payout-receiver', info);
  expect(errors).toEqual([]);
});

test('operator: a payment found by the start of its id in another case; merchants, a project, the queue counted', async ({ page }, info) => {
  const errors = watchConsole(page);
  const paymentId = `e2e-Find-${crypto.randomUUID()}`;
  const created = await signedPost('/api/v1/widget/payin', {
    general: { project_id: projectId, payment_id: paymentId, redirect_url: 'https://shop.example/return' },
    payment: { amount: uniqueAmount(700), currency: 'RUB' },
    customer: { id: 'e2e-find', ip_address: '203.0.113.7', country: 'RU' },
  });
  await logIn(page);
  // The navigation says how much waits in the queue, in words for a screen reader.
  await expect(page.getByRole('link', { name: /^Queue \d+ waiting$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Payments', exact: true }).click();
  await heading(page, 'Payments');
  const search = page.getByRole('form', { name: 'Search' });
  await search.getByLabel(/start of the merchant's payment ID/).fill(paymentId.slice(0, 17).toUpperCase());
  await search.getByLabel('Type').selectOption('payin');
  await search.getByRole('button', { name: 'Search' }).click();
  // One payment starts so: it opens.
  await heading(page, new RegExp(created.request_id));
  await page.goBack();
  await heading(page, 'Payments');
  await page.getByRole('form', { name: 'Search' }).getByLabel(/start of the merchant's payment ID/).fill('E2E-');
  await page.getByRole('form', { name: 'Search' }).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table', { name: 'Payments, newest first' })).toContainText('Payin');
  await expect(page.getByRole('link', { name: 'Download these payments as CSV' })).toBeVisible();
  await expect(page.locator('main')).toContainText(/Totals of this search|narrow the search to see totals/);
  await checkA11y(page, info);
  await shot(page, 'operator-payments', info);

  await page.getByRole('link', { name: 'Merchants', exact: true }).click();
  await heading(page, 'Merchants and projects');
  await expect(page.getByRole('table', { name: 'Balances per project and currency' })).toBeVisible();
  await checkA11y(page, info);
  await shot(page, 'operator-merchants', info);
  await page.getByRole('table', { name: 'Balances per project and currency' }).getByRole('link').first().click();
  await heading(page, /^Project /);
  await expect(page.getByRole('link', { name: "This project's payments" })).toBeVisible();
  await checkA11y(page, info);
  await shot(page, 'operator-project', info);
  expect(errors).toEqual([]);
});
