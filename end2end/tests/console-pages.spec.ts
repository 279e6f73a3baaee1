// Every page of both consoles as a person opens it (issue 29 "Done means"): axe-core finds no
// serious or critical violation, nothing scrolls sideways at 390 px (tables become cards) or
// at 1280 px (no table wider than the page), and each page is kept as a screenshot at both
// widths for review. JavaScript on and off.
import { expect, Page, test, TestInfo } from '@playwright/test';
import crypto from 'node:crypto';
import { baseURL, checkA11y, heading, merchantLogin, operatorLogin, projectId, shot, signedPost, uniqueAmount, waitForCardSuccess, watchConsole } from './kassa';

async function logIn(page: Page, console: 'operator' | 'merchant') {
  const who = console === 'operator' ? operatorLogin : merchantLogin;
  await page.goto(`${baseURL}/${console}/`);
  await heading(page, 'Log in');
  await page.getByLabel('Login').fill(who.login);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** Nothing wider than the window: neither the page nor any table inside its wrapper. */
async function noSidewaysScroll(page: Page, where: string) {
  const wide = await page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) out.push(`page ${doc.scrollWidth} > ${window.innerWidth}`);
    document.querySelectorAll('.table-wrap').forEach((w) => {
      const el = w as HTMLElement;
      if (el.scrollWidth > el.clientWidth + 1) {
        const caption = el.querySelector('caption')?.textContent ?? '?';
        out.push(`table "${caption}" ${el.scrollWidth} > ${el.clientWidth}`);
      }
    });
    return out;
  });
  expect(wide, where).toEqual([]);
}

async function visit(page: Page, info: TestInfo, path: string, name: string) {
  const answer = await page.goto(`${baseURL}${path}`);
  expect(answer?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, info);
  await noSidewaysScroll(page, `${path} at 390 px`);
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await noSidewaysScroll(page, `${path} at 1280 px`);
  await page.setViewportSize(phone);
  await shot(page, name, info);
}

/** A payin and a payout of the shared project, so the payment pages have something to show. */
async function payments(): Promise<{ payin: string; payout: string }> {
  const amount = uniqueAmount(900);
  const general = { project_id: projectId, payment_id: `e2e-pages-${crypto.randomUUID()}` };
  const payin = await signedPost('/api/v1/payment/ecom/payin', {
    general,
    payment: { method: 'card-ecom', amount: amount * 2, currency: 'RUB' },
    card: { pan: '4242424242424242', year: 2030, month: 12, card_holder: 'IVAN PETROV' },
    customer: { id: 'e2e-pages', ip_address: '203.0.113.7', country: 'RU' },
  });
  await waitForCardSuccess(general);
  const payout = await signedPost('/api/v1/payment/p2p/payout', {
    general: { project_id: projectId, payment_id: `e2e-pages-out-${crypto.randomUUID()}` },
    payment: { method: 'card-p2p', amount, currency: 'RUB' },
    receiver: { pan: '5536913812345672', card_holder: 'IVAN PETROV' },
    customer: { id: 'e2e-pages', ip_address: '203.0.113.7', country: 'RU' },
  });
  return { payin: payin.request_id, payout: payout.request_id };
}

test('every operator console page: axe, no sideways scroll at 390 and 1280 px, screenshots', async ({ page }, info) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const { payin, payout } = await payments();
  await logIn(page, 'operator');
  for (const [path, name] of [
    ['/operator/', 'queue'],
    ['/operator/dashboard', 'dashboard'],
    ['/operator/payments', 'payments'],
    [`/operator/payments/${payin}`, 'payin'],
    [`/operator/payments/${payout}`, 'payout'],
    ['/operator/merchants', 'merchants'],
    [`/operator/projects/${projectId}`, 'project'],
    ['/operator/reconciliation', 'reconciliation'],
    ['/operator/requisites', 'requisites'],
    ['/operator/audit', 'audit'],
    ['/operator/users', 'users'],
    ['/operator/account', 'account'],
  ]) {
    await visit(page, info, path, `operator-every-${name}`);
  }
  expect(errors).toEqual([]);
});

test('every merchant console page: axe, no sideways scroll at 390 and 1280 px, screenshots', async ({ page }, info) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const { payin, payout } = await payments();
  await logIn(page, 'merchant');
  for (const [path, name] of [
    ['/merchant/', 'payments'],
    [`/merchant/payments/${payin}`, 'payin'],
    [`/merchant/payments/${payout}`, 'payout'],
    ['/merchant/callbacks', 'callbacks'],
    ['/merchant/balance', 'balance'],
    ['/merchant/payouts', 'payouts'],
    ['/merchant/dashboard', 'dashboard'],
    ['/merchant/keys', 'keys'],
    ['/merchant/integration', 'integration'],
    ['/merchant/page', 'page'],
    ['/merchant/users', 'users'],
    ['/merchant/account', 'account'],
  ]) {
    await visit(page, info, path, `merchant-every-${name}`);
  }
  expect(errors).toEqual([]);
});
