// Starts `kassa serve` on a fresh SQLite database with a merchant project (made with the
// `kassa project create` command) and requisites, and stops it after the run.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '..');
export const STATE_FILE = path.join(__dirname, '.e2e-state.json');

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
  // An operator of the console, added the way an admin would (password on standard input).
  const operatorLogin = { login: 'e2e-operator', password: 'e2e operator password' };
  execFileSync(bin, ['operator', 'add', '--login', operatorLogin.login, '--password-stdin'], { env, input: `${operatorLogin.password}\n` });
  // Projects of the same merchant whose keys the console tests rotate (one per browser project,
  // as the two run at once and a project holds at most two active keys).
  const keysProjects: Record<string, string> = {};
  for (const name of ['js', 'nojs']) {
    const p = JSON.parse(execFileSync(bin, ['project', 'create', '--merchant', 'E2E Shop', '--name', `Keys ${name}`], { env }).toString());
    keysProjects[name] = p.project_id;
  }
  const merchantLogin = { login: 'e2e-merchant', password: 'e2e merchant password' };
  execFileSync(bin, ['merchant', 'user', 'add', '--merchant', created.merchant_id, '--login', merchantLogin.login, '--password-stdin'], { env, input: `${merchantLogin.password}\n` });
  const log = fs.openSync(path.join(dir, 'server.log'), 'a');
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
  fs.writeFileSync(STATE_FILE, JSON.stringify({ baseURL, created, operatorToken: env.KASSA_OPERATOR_TOKEN, operatorLogin, merchantLogin, keysProjects, dir }));
  fs.mkdirSync(path.join(__dirname, 'screenshots'), { recursive: true });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (process.env.E2E_KEEP !== '1') fs.rmSync(dir, { recursive: true, force: true });
  };
}
