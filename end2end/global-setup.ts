// Starts `kassa serve` on a fresh SQLite database with a merchant project (made with the
// `kassa project create` command) and requisites, and stops it after the run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const repo = path.resolve(__dirname, '..');
export const STATE_FILE = path.join(__dirname, '.e2e-state.json');

/** CRC-32 of PNG chunks. */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    let c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small logo drawn here (a green block with a white band): a real PNG for the brand tests. */
function logoPng(): Buffer {
  const [w, h] = [120, 40];
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) {
      const band = y > 16 && y < 24 && x > 10 && x < 110;
      rows.push(...(band ? [255, 255, 255] : [10, 110, 60]));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The merchant snippet of docs/EMBEDDING.md: the tests frame the page with exactly that. */
function embedSnippet(): string {
  const doc = fs.readFileSync(path.join(repo, 'docs', 'EMBEDDING.md'), 'utf8');
  const block = /```html\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/EMBEDDING.md has no html snippet');
  return block[1];
}

/** A merchant's site on another origin: `/?form_url=...` answers the snippet framing that page. */
async function merchantSite(host: string, port: number): Promise<http.Server> {
  const snippet = embedSnippet();
  const server = http.createServer((req, res) => {
    const formUrl = new URL(req.url ?? '/', `http://${host}`).searchParams.get('form_url') ?? '';
    const attr = formUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    const body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head>`
      + `<body><h1>Checkout</h1>${snippet.replace('src="FORM_URL"', `src="${attr}"`)}</body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}

async function waitHealthy(url: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`kassa did not start at ${url}`);
}

export default async function globalSetup() {
  const bin = path.join(repo, 'target', 'debug', 'kassa');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kassa-e2e-'));
  const port = Number(process.env.E2E_PORT ?? 3377);
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    KASSA_DATABASE_URL: `sqlite://${dir}/kassa.db`,
    KASSA_BIND: `127.0.0.1:${port}`,
    KASSA_SITE_ROOT: path.join(repo, 'target', 'site'),
    KASSA_SANDBOX: '1',
    KASSA_OPERATOR_TOKEN: 'e2e-operator-token',
    KASSA_ALLOW_PRIVATE_CALLBACKS: '1',
    RUST_LOG: 'info,sqlx=warn',
  };
  const created = JSON.parse(
    execFileSync(bin, ['project', 'create', '--merchant', 'E2E Shop', '--name', 'Shop', '--redirect-url', 'https://shop.example/return'], { env }).toString(),
  );
  // The name payers see on the payment page, the shop's colour and logo.
  const logo = path.join(dir, 'logo.png');
  fs.writeFileSync(logo, logoPng());
  // Two merchant sites on other origins (loopback addresses other than Kassa's): the project
  // lets the first frame its page, not the second.
  const framePort = Number(process.env.E2E_FRAME_PORT ?? port + 1);
  const frameSites = { allowed: `http://127.0.0.2:${framePort}`, other: `http://127.0.0.3:${framePort}` };
  const sites = [await merchantSite('127.0.0.2', framePort), await merchantSite('127.0.0.3', framePort)];
  execFileSync(bin, ['project', 'set', '--project', created.project_id, '--display-name', 'E2E Books',
    '--brand-color', '#0a6e3c', '--logo', logo, '--embed-origin', frameSites.allowed], { env });
  // An operator of the console, added the way an admin would (password on standard input).
  const operatorLogin = { login: 'e2e-operator', password: 'e2e operator password' };
  execFileSync(bin, ['operator', 'add', '--login', operatorLogin.login, '--password-stdin'], { env, input: `${operatorLogin.password}\n` });
  const secondOperatorLogin = { login: 'e2e-second-operator', password: 'e2e second operator password' };
  execFileSync(bin, ['operator', 'add', '--login', secondOperatorLogin.login, '--password-stdin'], { env, input: `${secondOperatorLogin.password}\n` });
  // Projects of the same merchant whose keys the console tests rotate (one per browser project,
  // as the two run at once and a project holds at most two active keys).
  const keysProjects: Record<string, string> = {};
  for (const name of ['js', 'nojs']) {
    const p = JSON.parse(execFileSync(bin, ['project', 'create', '--merchant', 'E2E Shop', '--name', `Keys ${name}`], { env }).toString());
    keysProjects[name] = p.project_id;
  }
  const merchantLogin = { login: 'e2e-merchant', password: 'e2e merchant password' };
  execFileSync(bin, ['merchant', 'user', 'add', '--merchant', created.merchant_id, '--login', merchantLogin.login, '--password-stdin'], { env, input: `${merchantLogin.password}\n` });
  // Operators who enrol a second factor, one per browser project (the two run at once).
  const factorLogins: Record<string, { login: string; password: string }> = {};
  for (const name of ['js', 'nojs']) {
    factorLogins[name] = { login: `e2e-2fa-${name}`, password: `e2e second factor ${name}` };
    execFileSync(bin, ['operator', 'add', '--login', factorLogins[name].login, '--role', 'operator', '--password-stdin'], { env, input: `${factorLogins[name].password}\n` });
  }
  // A support user of the merchant, with the role named on the command line.
  // One per browser project: a test ends the user's other sessions.
  const supportLogins: Record<string, { login: string; password: string }> = {};
  for (const name of ['js', 'nojs']) {
    supportLogins[name] = { login: `e2e-support-${name}`, password: `e2e support password ${name}` };
    execFileSync(bin, ['merchant', 'user', 'add', '--merchant', created.merchant_id, '--login', supportLogins[name].login, '--role', 'support', '--password-stdin'], { env, input: `${supportLogins[name].password}\n` });
  }
  // The server's log: where scripts/e2e.sh asks (to print it when a test fails), else beside the database.
  const log = fs.openSync(process.env.E2E_SERVER_LOG ?? path.join(dir, 'server.log'), 'w');
  const server = spawn(bin, ['serve'], { env, stdio: ['ignore', log, log] });
  await waitHealthy(baseURL, 60);

  const operator = async (p: string, body: unknown) => {
    const r = await fetch(`${baseURL}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.KASSA_OPERATOR_TOKEN}` },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const cards = ['2200700123456781', '2200700123456799', '2200700123456807'];
  for (const pan of cards) {
    await operator('/api/v1/operator/requisites', { country: 'RU', currency: 'RUB', methods: ['card-p2p', 'payin-p2p-card'], pan, card_holder: 'IVAN PETROV', bank_symbol: 'sberbank' });
  }
  for (let i = 0; i < 2; i++) {
    await operator('/api/v1/operator/requisites', { country: 'RU', currency: 'RUB', methods: ['sbp-qr', 'payin-qr-sbp'], pan: `https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL${i}`, bank_symbol: 'tbank' });
    await operator('/api/v1/operator/requisites', { country: 'NG', currency: 'NGN', methods: ['ussd', 'payin-ussd'], pan: `*737*1*012345678${i}#`, card_holder: 'CHINEDU OKAFOR', bank_symbol: 'gtbank' });
    await operator('/api/v1/operator/requisites', { country: 'KZ', currency: 'KZT', methods: ['international-card-p2p', 'payin-p2p-card-international'], pan: i ? '4400430123456789' : '4400430123456797', card_holder: 'AIGERIM NURLANOVA', bank_symbol: 'kaspi' });
  }
  // A Russian bank account: what a transfer form asks besides the number (BIK, correspondent account).
  for (let i = 0; i < 2; i++) {
    await operator('/api/v1/operator/requisites', { country: 'RU', currency: 'RUB', methods: ['international-p2p', 'payin-p2p-international'], pan: `4081781009991000431${i}`, card_holder: 'IVAN PETROV', bank_symbol: 'sberbank', bank_code: '044525225', correspondent_account: '30101810400000000225' });
  }
  fs.writeFileSync(STATE_FILE, JSON.stringify({ baseURL, created, operatorToken: env.KASSA_OPERATOR_TOKEN, operatorLogin, secondOperatorLogin, merchantLogin, supportLogins, factorLogins, keysProjects, frameSites, dir }));
  fs.mkdirSync(path.join(__dirname, 'screenshots'), { recursive: true });

  return async () => {
    server.kill('SIGTERM');
    sites.forEach((s) => s.close());
    await new Promise((r) => setTimeout(r, 300));
    if (process.env.E2E_KEEP !== '1') fs.rmSync(dir, { recursive: true, force: true });
  };
}
