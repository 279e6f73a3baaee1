// The hosted page as a user on a phone: each flow runs with JavaScript on and off.
import { expect, test } from '@playwright/test';
import {
  baseURL, checkA11y, createWidget, heading, hydrated, markDocument, operator, shot, stillSameDocument, uniqueAmount, watchConsole,
} from './kassa';

test('RU card transfer: method choice, instructions, copy, I have paid, funds received', async ({ page, context }, info) => {
  const js = info.project.name === 'js';
  const errors = watchConsole(page);
  if (js) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const amount = uniqueAmount(1500);
  const created = await createWidget({ currency: 'RUB', amount, country: 'RU', language: 'en' });
  expect(created.status).toBe('processing');
  expect(created.sub_status).toBe('new');
  await page.goto(created.integration.form_url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await heading(page, 'How would you like to pay?');
  await checkA11y(page, info);
  await page.getByRole('button', { name: 'Transfer to a bank card' }).click();
  await hydrated(page, info);
  if (js) await markDocument(page);
  await heading(page, 'Transfer the exact amount');
  if (js) expect(await stillSameDocument(page), 'live status updates without a reload').toBe(true);
  const value = page.locator('.requisites .value.mono').first();
  await expect(value).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
  const digits = (await value.textContent())!.replace(/ /g, '');
  const copy = page.locator('.requisites .row').first().locator('button.copy');
  if (js) {
    await expect(copy).toBeVisible();
    await expect(copy).toHaveAccessibleName('Copy card number');
    await copy.click();
    await expect(copy).toHaveText('Copied');
    await expect(copy).toHaveAccessibleName('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(digits);
    await expect(page.locator('.countdown')).toHaveText(/^\d+:\d\d$/);
  } else {
    await expect(copy).toBeHidden();
    await expect(page.locator('.countdown')).toHaveText(/minutes left/);
  }
  await checkA11y(page, info);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await heading(page, 'Checking your payment');
  await operator('/api/v1/operator/payments/received', { request_id: created.request_id, amount });
  await heading(page, 'Paid');
  await expect(page.getByRole('link', { name: 'Return to the shop' })).toHaveAttribute('href', 'https://shop.example/return');
  await checkA11y(page, info);
  await shot(page, 'ru-card-success', info);
  expect(errors).toEqual([]);
});

test('RU bank account: the BIK and correspondent account a transfer form asks for, copyable', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(900), country: 'RU', widget_method: 'payin-p2p-international', language: 'en' });
  await page.goto(created.integration.form_url);
  await heading(page, 'Transfer the exact amount');
  await hydrated(page, info);
  const row = (label: string) => page.locator('.requisites .row', { has: page.locator('dt', { hasText: label }) });
  await expect(row('Account number').locator('.value')).toHaveText(/^4081781009991000431\d$/);
  await expect(row('Bank code (BIK)').locator('.value')).toHaveText('044525225');
  await expect(row('Correspondent account').locator('.value')).toHaveText('30101810400000000225');
  const copy = row('Bank code (BIK)').locator('button.copy');
  if (info.project.name === 'js') await expect(copy).toHaveAccessibleName(/^Copy bank code \(BIK\)$/i);
  else await expect(copy).toBeHidden();
  await checkA11y(page, info);
  await shot(page, 'ru-bank-account', info);
  expect(errors).toEqual([]);
});

test('SBP QR code, then cancel', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(700), country: 'RU', widget_method: 'payin-qr-sbp', language: 'en' });
  await page.goto(created.integration.form_url);
  await heading(page, 'Open the payment link');
  // On a phone the link to the bank app comes before the QR code (for another device).
  const order = await page.locator('.screen').evaluate((s) => {
    const link = s.querySelector('a.button.primary')!;
    const img = s.querySelector('img.qr')!;
    return link.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(order).toBeTruthy();
  const qr = page.getByRole('img', { name: 'QR code of the payment link' });
  await expect(qr).toBeVisible();
  const svg = await page.request.get(`${baseURL}${await qr.getAttribute('src')}`);
  expect(svg.headers()['content-type']).toBe('image/svg+xml');
  expect(await svg.text()).toContain('<svg');
  await expect(page.getByRole('link', { name: 'Open the payment link' })).toHaveAttribute('href', /^https:\/\/qr\.nspk\.ru\//);
  await checkA11y(page, info);
  await hydrated(page, info);
  await page.getByRole('link', { name: 'Cancel the payment' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await heading(page, 'Payment not completed');
  await expect(page.getByText('The payment was cancelled.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to the shop' })).toBeVisible();
  await checkA11y(page, info);
  await shot(page, 'sbp-qr-cancelled', info);
  expect(errors).toEqual([]);
});

test('NG USSD, I have paid, then a receipt opens a dispute', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'NGN', amount: uniqueAmount(5000), country: 'NG', widget_method: 'payin-ussd', email: 'ada@example.ng' });
  await page.goto(created.integration.form_url);
  await heading(page, 'Dial the code');
  await expect(page.locator('.requisites .value.mono').first()).toHaveText(/^\*737\*1\*\d+#$/);
  await expect(page.getByRole('link', { name: 'Dial the code' })).toHaveAttribute('href', /^tel:\*737\*1\*\d+%23$/);
  await hydrated(page, info);
  await page.getByRole('button', { name: 'I have paid' }).click();
  await heading(page, 'Checking your payment');
  // The waiting page reloads itself without JavaScript: the upload has its own page, which
  // does not, so a file being chosen on a phone is not cleared.
  await expect(page.getByLabel('Receipt file')).toHaveCount(0);
  await page.getByRole('link', { name: 'Upload your receipt' }).click();
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await shot(page, 'ng-ussd-receipt', info);
  // A file that is not an image or PDF is refused, whatever its name.
  await page.getByLabel('Receipt file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await page.getByRole('button', { name: 'Upload the receipt' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please upload an image (JPEG, PNG, WebP or HEIC) or a PDF.');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000'+'1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
  await page.getByLabel('Receipt file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload the receipt' }).click();
  await heading(page, 'Payment under review');
  await expect(page.getByText('We received your receipt')).toBeVisible();
  await checkA11y(page, info);
  await shot(page, 'ng-ussd-dispute', info);
  expect(errors).toEqual([]);
});

test('KE mobile money: the push is approved (sandbox panel)', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'KES', amount: uniqueAmount(300), country: 'KE', widget_method: 'payin-mobile-money', email: 'wanjiru@example.ke' });
  await page.goto(created.integration.form_url);
  await heading(page, 'Confirm the payment on your phone');
  await expect(page.locator('.requisites')).toHaveCount(0);
  // The request named no phone: the page asks for it, then says where the request went.
  await page.getByLabel('Phone number').fill('254712345678');
  await page.getByRole('button', { name: 'Send the payment request' }).click();
  await expect(page.getByText('We sent the request to +254 7•• ••• 678.')).toBeVisible();
  await expect(page.getByText(/You can send the request again in \d+ seconds\./)).toBeVisible();
  await checkA11y(page, info);
  await expect(page.getByRole('complementary', { name: 'Sandbox' })).toBeVisible();
  await hydrated(page, info);
  await page.getByRole('button', { name: 'Approve the push request' }).click();
  await heading(page, 'Paid');
  await shot(page, 'ke-push-success', info);
  expect(errors).toEqual([]);
});

test('KZ fixed method, then the lifetime ends (sandbox expire)', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'KZT', amount: uniqueAmount(9000), country: 'KZ', widget_method: 'payin-p2p-card-international' });
  await page.goto(created.integration.form_url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await expect(page.locator('.requisites .value.mono').first()).toHaveText(/^4400 4301 2345 67\d\d$/, { timeout: 25_000 });
  await hydrated(page, info);
  await operator('/api/v1/operator/sandbox/expire', { request_id: created.request_id });
  if (info.project.name === 'nojs') await page.reload();
  await expect(page.locator('.result.fail')).toBeVisible({ timeout: 20_000 });
  await checkA11y(page, info);
  await shot(page, 'kz-expired', info);
  expect(errors).toEqual([]);
});

test('language: customer.language, then the switcher', async ({ page }, info) => {
  const errors = watchConsole(page);
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(100), country: 'RU', language: 'ru' });
  await page.goto(created.integration.form_url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await heading(page, 'Как вы хотите оплатить?');
  await page.locator('.languages summary').click();
  await page.getByRole('link', { name: 'Қазақша' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await expect(page.locator('.languages summary')).toContainText('Қазақша');
  await checkA11y(page, info);
  expect(errors).toEqual([]);
});

test('merchant text is shown as text, never run', async ({ page }, info) => {
  const errors = watchConsole(page);
  const evil = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">';
  const created = await createWidget({ currency: 'RUB', amount: uniqueAmount(100), country: 'RU', description: evil });
  await page.goto(created.integration.form_url);
  await expect(page.locator('.description')).toContainText(evil);
  if (info.project.name === 'js') expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('unknown and malformed links show a localized not-found page', async ({ page }) => {
  const r = await page.goto(`${baseURL}/pay/${'f'.repeat(40)}?lang=es`);
  expect(r?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await heading(page, 'Pago no encontrado');
  const bad = await page.goto(`${baseURL}/pay/not-a-token`);
  expect(bad?.status()).toBe(404);
});
