// Helpers: a merchant client that signs like decisions.md §2, the operator API, and checks
// every test shares (console errors, accessibility, screenshots).
import { expect, Page, TestInfo } from '@playwright/test';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const state = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.e2e-state.json'), 'utf8'));
export const baseURL: string = state.baseURL;
export const operatorLogin: { login: string; password: string } = state.operatorLogin;
/** Another operator: the second pair of eyes. */
export const secondOperatorLogin: { login: string; password: string } = state.secondOperatorLogin;
export const merchantLogin: { login: string; password: string } = state.merchantLogin;
/** A merchant user with the support role (added with `--role support`), per browser project. */
export const supportLogins: Record<string, { login: string; password: string }> = state.supportLogins;
/** An operator per browser project who enrols a second factor. */
export const factorLogins: Record<string, { login: string; password: string }> = state.factorLogins;

/** The RFC 6238 code (SHA-1, 6 digits, 30 s) of a base32 key at `unixSeconds`, as an app makes it. */
export function totp(base32: string, unixSeconds = Date.now() / 1000): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / 30)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
/** A project per browser project whose keys a test may rotate. */
export const keysProjects: Record<string, string> = state.keysProjects;
/** Merchant sites on other origins serving docs/EMBEDDING.md's snippet: one the project lists. */
export const frameSites: { allowed: string; other: string } = state.frameSites;
const project = state.created;
export const projectId: string = project.project_id;

/** `path:value` lines of every scalar, sorted by UTF-8 bytes, joined with `;`. */
export function normalize(value: unknown): string {
  const lines: string[] = [];
  const walk = (v: unknown, p: string) => {
    const child = (k: string) => (p === '' ? k : `${p}:${k}`);
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, child(String(i))));
    else if (v !== null && typeof v === 'object') Object.entries(v as object).forEach(([k, x]) => walk(x, child(k)));
    else if (v === null) lines.push(`${p}:None`);
    else if (typeof v === 'boolean') lines.push(`${p}:${v ? 1 : 0}`);
    else lines.push(`${p}:${String(v)}`);
  };
  walk(value, '');
  lines.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return lines.join(';');
}

export async function signedPost(p: string, body: unknown): Promise<any> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const message = Buffer.from(normalize(body)).toString('base64url') + timestamp;
  const digest = crypto.createHash('sha256').update(message).digest();
  const signature = crypto.sign('sha256', digest, { key: project.request_key.private_key_pem, dsaEncoding: 'der' });
  const r = await fetch(`${baseURL}${p}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-access-timestamp': timestamp,
      'x-access-merchant-id': project.merchant_id,
      'x-access-token': project.request_key.token,
      'x-access-signature': signature.toString('base64url'),
    },
    body: JSON.stringify(body),
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`${p}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Waits until a card payment has succeeded, which credits the project's balance a moment after
 * the create (the sandbox acquirer answers asynchronously): payouts funded by it wait for it.
 */
export async function waitForCardSuccess(general: { project_id: string; payment_id: string }): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const info = await signedPost('/api/v1/payment/ecom/payin/info', { general });
    if (info.status === 'success') return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function operator(p: string, body: unknown): Promise<any> {
  const r = await fetch(`${baseURL}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${state.operatorToken}` },
    body: JSON.stringify(body),
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`${p}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

let sequence = 0;
/** A minor-unit amount no other test uses (a requisite serves one open payment per amount). */
export function uniqueAmount(major: number): number {
  sequence += 1;
  return major * 100 + ((process.pid * 7 + sequence * 131 + Math.floor(Math.random() * 97)) % 9000);
}

export interface WidgetOptions {
  currency: string;
  amount: number;
  country: string;
  widget_method?: string;
  language?: string;
  email?: string;
  description?: string;
  redirect_url?: string | null;
}

/** Creates a widget payin through the signed API; answers the create response. */
export async function createWidget(o: WidgetOptions): Promise<any> {
  const payment: Record<string, unknown> = { amount: o.amount, currency: o.currency };
  if (o.widget_method) payment.widget_method = o.widget_method;
  if (o.description) payment.description = o.description;
  const customer: Record<string, unknown> = { id: `e2e-${sequence}`, ip_address: '203.0.113.7', country: o.country };
  if (o.language) customer.language = o.language;
  if (o.email) customer.email = o.email;
  const general: Record<string, unknown> = { project_id: project.project_id, payment_id: `e2e-${crypto.randomUUID()}` };
  if (o.redirect_url !== null) general.redirect_url = o.redirect_url ?? 'https://shop.example/return';
  return signedPost('/api/v1/widget/payin', { general, payment, customer });
}

/** Collects console errors and uncaught exceptions; a strict page has none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core reports no serious or critical violation (run where JavaScript is on). */
export async function checkA11y(page: Page, info: TestInfo) {
  if (info.project.name !== 'js') return;
  await page.evaluate(axeSource);
  const result: any = await page.evaluate(() => (window as any).axe.run(document, { resultTypes: ['violations'] }));
  const serious = result.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v: any) => `${v.id}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A screenshot of a final screen, kept under end2end/screenshots for review. */
export async function shot(page: Page, name: string, info: TestInfo) {
  const file = (suffix: string) => path.join(__dirname, '..', 'screenshots', `${name}-${info.project.name}${suffix}.png`);
  await page.screenshot({ path: file(''), fullPage: true });
  // The consoles are used at a desk as well as on a phone: their pages are also shot at 1280 px.
  const phone = page.viewportSize();
  if (phone && /^(operator|merchant)-/.test(name)) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: file('-1280'), fullPage: true });
    await page.setViewportSize(phone);
  }
}

/** With JavaScript, the page script runs after parsing: wait for it before clicking. */
export async function hydrated(page: Page, info: TestInfo) {
  if (info.project.name !== 'js') return;
  await expect(page.locator('[data-live="1"], [data-ready="1"]').first()).toBeAttached({ timeout: 15_000 });
}

/** Marks the document; `stillSameDocument` then tells whether a reload happened since. */
export async function markDocument(page: Page) {
  await page.evaluate(() => ((window as any).__kassaMark = 1));
}

export async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as any).__kassaMark === 1);
}

/** Waits for a heading; without JavaScript the waiting pages refresh themselves. */
export async function heading(page: Page, name: string | RegExp, timeout = 25_000) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout });
}
