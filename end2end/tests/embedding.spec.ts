// The page inside a merchant's site on another origin, framed by docs/EMBEDDING.md's snippet:
// it works there (forms included, though the browser sends no cookie into a cross-site frame)
// and tells the parent its status; a site the project does not list cannot frame it.
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { baseURL, createWidget, frameSites, operator, uniqueAmount, watchConsole } from './kassa';

const shotPath = (name: string, project: string) => path.join(__dirname, '..', 'screenshots', `${name}-${project}.png`);

test('a listed site frames the page, pays in it and hears success', async ({ page }, info) => {
  const js = info.project.name === 'js';
  const errors = watchConsole(page);
  const amount = uniqueAmount(1200);
  const created = await createWidget({ currency: 'RUB', amount, country: 'RU', language: 'en', widget_method: 'payin-p2p-card' });
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(baseURL) && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${frameSites.allowed}/?form_url=${encodeURIComponent(created.integration.form_url)}`);
  const frame = page.frameLocator('#kassa');
  await expect(frame.getByRole('heading', { level: 1, name: 'Transfer the exact amount' })).toBeVisible({ timeout: 25_000 });
  if (js) {
    // The page said where it stands as soon as it loaded, and its script runs in the frame; a
    // click before then could land while a live update replaces the page's content.
    await expect(page.locator('#kassa-result')).toHaveText('processing');
    await expect(frame.locator('[data-live="1"]')).toBeAttached({ timeout: 15_000 });
  }
  await page.screenshot({ path: shotPath('framed-page', info.project.name), fullPage: true });
  // A form posted inside the cross-site frame is accepted (no cookie reaches it there).
  // By keyboard: a pointer click inside a frame on the phone-sized viewport sometimes lands on
  // the requisites above the button (Playwright's hit target in frames), which tests nothing.
  const paid = frame.getByRole('button', { name: 'I have paid' });
  await expect(paid).toBeEnabled();
  await paid.press('Enter');
  await expect(frame.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeVisible({ timeout: 25_000 });
  await operator('/api/v1/operator/payments/received', { request_id: created.request_id, amount });
  await expect(frame.getByRole('heading', { level: 1, name: 'Paid' })).toBeVisible({ timeout: 25_000 });
  if (js) {
    await expect(page.locator('#kassa-result')).toHaveText('success');
  }
  // The way back to the shop opens in the whole window, and the frame stays where it is.
  await expect(frame.getByRole('link', { name: 'Return to the shop' })).toHaveAttribute('target', '_top');
  await page.waitForTimeout(js ? 11_000 : 0);
  expect(new URL(page.url()).origin).toBe(frameSites.allowed);
  await expect(frame.getByRole('heading', { level: 1, name: 'Paid' })).toBeVisible();
  await page.screenshot({ path: shotPath('framed-success', info.project.name), fullPage: true });
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

test('a site the project does not list cannot frame the page', async ({ page }) => {
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(1300), country: 'RU', language: 'en' });
  const framed = page.waitForResponse((r) => r.url() === created.integration.form_url);
  await page.goto(`${frameSites.other}/?form_url=${encodeURIComponent(created.integration.form_url)}`);
  const response = await framed;
  expect(response.headers()['content-security-policy']).toContain(`frame-ancestors ${frameSites.allowed}`);
  await page.waitForLoadState('load');
  // The browser refused to show it: no frame holds the payment page.
  await expect(page.frameLocator('#kassa').getByRole('heading', { level: 1 })).toHaveCount(0);
  expect(page.frames().some((f) => f.url().includes('/pay/') && f !== page.mainFrame())).toBe(false);
});
