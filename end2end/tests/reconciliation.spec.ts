// Reconciliation as operators do it (issue 27): a bank statement uploaded in each format banks
// send, checked and applied; the review list (attach, dismiss); four eyes on credits no
// transfer shows, with a second operator in another browser. With JavaScript on and off.
import { expect, Page, test } from '@playwright/test';
import { baseURL, checkA11y, heading, operatorLogin, projectId, secondOperatorLogin, shot, signedPost, uniqueAmount, watchConsole } from './kassa';

const today = new Date().toISOString().slice(0, 10);

async function logIn(page: Page, who: { login: string; password: string }) {
  await page.goto(`${baseURL}/operator/`);
  await heading(page, 'Log in');
  await page.getByLabel('Login').fill(who.login);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Waiting for you');
}

/** A p2p card payin waiting for the payer's transfer: its request id and the card it got. */
async function waitingPayin(amount: number): Promise<{ request_id: string; pan: string }> {
  const general = { project_id: projectId, payment_id: `rec-${crypto.randomUUID()}` };
  const created = await signedPost('/api/v1/payment/p2p/payin', {
    general,
    payment: { method: 'card-p2p', amount, currency: 'RUB' },
    customer: { id: 'e2e-rec', ip_address: '203.0.113.7', country: 'RU' },
  });
  for (let i = 0; i < 100; i++) {
    const info = await signedPost('/api/v1/payment/p2p/payin/info', { general });
    if (info.recipient_requisites?.pan) return { request_id: created.request_id, pan: info.recipient_requisites.pan };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the payin got no requisites');
}

const major = (minor: number) => (minor / 100).toFixed(2);
const yymmdd = today.slice(2).replace(/-/g, '');

/** Windows-1251, as 1C writes its exchange files (Cyrillic letters, Ё/ё and №). */
function cp1251(text: string): Buffer {
  const bytes = [...text].map((c) => {
    const code = c.codePointAt(0)!;
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    if (c === 'Ё') return 0xa8;
    if (c === 'ё') return 0xb8;
    if (c === '№') return 0xb9;
    throw new Error(`no Windows-1251 byte for ${c}`);
  });
  return Buffer.from(bytes);
}

/** The statement of `account` with one credit of `amount`, as each kind of bank writes it. */
const statements: Record<string, (account: string, amount: number, bankId: string) => { name: string; buffer: Buffer; format: string }> = {
  csv: (account, amount, bankId) => ({
    name: 'vypiska.csv',
    format: 'CSV',
    buffer: Buffer.from(`Дата;Сумма;Валюта;Счёт;Назначение платежа;Номер\n${today.split('-').reverse().join('.')};${major(amount).replace('.', ',')};RUB;${account};Оплата заказа;${bankId}\n`),
  }),
  mt940: (account, amount, bankId) => ({
    name: 'statement.sta',
    format: 'SWIFT MT940',
    buffer: Buffer.from([
      '{1:F01SABRRUMMAXXX0000000000}{2:I940SABRRUMMXXXXN}{4:', ':20:E2E', `:25:SABRRUMM/${account}`, ':28C:1/1',
      `:60F:C${yymmdd}RUB0,00`, `:61:${yymmdd}${yymmdd.slice(2)}C${major(amount).replace('.', ',')}NTRFNONREF//${bankId}`,
      ':86:Order paid by card transfer', `:62F:C${yymmdd}RUB${major(amount).replace('.', ',')}`, '-}', '',
    ].join('\r\n')),
  }),
  camt053: (account, amount, bankId) => ({
    name: 'camt053.xml',
    format: 'ISO 20022 camt.053',
    buffer: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>E2E</MsgId><CreDtTm>${today}T20:00:00+03:00</CreDtTm></GrpHdr>
<Stmt><Id>E2E</Id><CreDtTm>${today}T20:00:00+03:00</CreDtTm><Acct><Id><Othr><Id>${account}</Id></Othr></Id><Ccy>RUB</Ccy></Acct>
<Ntry><Amt Ccy="RUB">${major(amount)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${today}</Dt></BookgDt>
<AcctSvcrRef>${bankId}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties><Dbtr><Pty><Nm>Иван Петров</Nm></Pty></Dbtr></RltdPties>
<RmtInf><Ustrd>Оплата заказа</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>
`),
  }),
  '1c': (account, amount, bankId) => ({
    name: 'kl_to_1c.txt',
    format: '1C client-bank exchange',
    buffer: cp1251([
      '1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows', `РасчСчет=${account}`,
      'СекцияРасчСчет', `РасчСчет=${account}`, 'КонецРасчСчет',
      'СекцияДокумент=Платежное поручение', `Номер=${bankId.replace(/\D/g, '').slice(-6)}`,
      `Дата=${today.split('-').reverse().join('.')}`, `Сумма=${major(amount)}`, 'ПлательщикСчет=40817810099910004312',
      'Плательщик=Иванов Иван Иванович', `ПолучательСчет=${account}`, 'НазначениеПлатежа=Оплата заказа № 1001', 'КонецДокумента',
      'КонецФайла', '',
    ].join('\r\n')),
  }),
};

for (const format of Object.keys(statements)) {
  test(`operator: a ${format} statement is checked, then applied`, async ({ browser }, info) => {
    const page = await (await browser.newContext()).newPage();
    const errors = watchConsole(page);
    const amount = uniqueAmount(3100);
    const payin = await waitingPayin(amount);
    // At most 16 characters: MT940's bank reference (`//16x`).
    const file = statements[format](payin.pan, amount, `E${String(Date.now()).slice(-9)}${info.project.name}${format}`.slice(0, 16));
    await logIn(page, operatorLogin);
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await heading(page, 'Reconciliation');
    await page.getByLabel('Statement file').setInputFiles({ name: file.name, mimeType: 'application/octet-stream', buffer: file.buffer });
    await page.getByRole('button', { name: 'Check the statement' }).click();
    await heading(page, 'Check before applying');
    await expect(page.getByRole('status')).toContainText('nothing is changed until you apply');
    await expect(page.locator('.facts')).toContainText(file.format);
    const row = page.getByRole('table', { name: 'Statement rows' }).locator('tr', { hasText: `credits ${payin.request_id}` });
    await expect(row).toBeVisible();
    await checkA11y(page, info);
    await shot(page, `operator-statement-check-${format}`, info);
    await page.getByRole('button', { name: 'Apply the statement' }).click();
    // Asked once more, with what it credits.
    await heading(page, 'Confirm: Apply the statement');
    await expect(page.locator('.facts')).toContainText('Payments it credits');
    await page.getByRole('button', { name: 'Apply the statement' }).click();
    await heading(page, 'Statement applied');
    await expect(page.getByRole('status')).toContainText('Applied: 1 payments credited');
    await page.getByRole('link', { name: `credited ${payin.request_id}` }).click();
    await expect(page.locator('.facts')).toContainText('Success');
    expect(errors).toEqual([]);
  });
}

test('operator: the review list — a transfer dismissed, another attached and approved by a second operator', async ({ browser }, info) => {
  const alice = await (await browser.newContext()).newPage();
  const errors = watchConsole(alice);
  await logIn(alice, operatorLogin);
  await alice.getByRole('link', { name: 'Reconciliation' }).click();
  const incoming = alice.getByRole('form', { name: 'Incoming transfer' });

  // Money to an account that is no requisite: recorded, and the answer says so.
  const stranger = `4081781${String(Date.now()).slice(-13)}`;
  await incoming.getByLabel('Requisite').fill(stranger);
  await incoming.getByLabel('Amount').fill('777');
  await incoming.getByRole('button', { name: 'Record the transfer' }).click();
  await expect(alice.getByRole('status')).toContainText('the account is no requisite of the pool');
  const strangerRow = alice.getByRole('table', { name: 'Transfers waiting for a person' }).locator('tr', { hasText: stranger });
  await expect(strangerRow).toBeVisible();
  await checkA11y(alice, info);
  await shot(alice, 'operator-review-list', info);
  await strangerRow.getByRole('form', { name: 'Dismiss' }).getByRole('textbox').fill('our own test transfer');
  await strangerRow.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alice.getByRole('status')).toContainText('Dismissed');
  await expect(strangerRow).toHaveCount(0);

  // The exact amount, but dated before the payment existed: a person decides.
  const amount = uniqueAmount(2900);
  const payin = await waitingPayin(amount);
  await incoming.getByLabel('Requisite').fill(payin.pan.replace(/(\d{4})(?=\d)/g, '$1 '));
  await incoming.getByLabel('Amount').fill(major(amount));
  await incoming.getByLabel('Booked on').fill('2020-01-01');
  await incoming.getByRole('button', { name: 'Record the transfer' }).click();
  await expect(alice.getByRole('status')).toContainText('made before the payment existed');
  // The row of this amount (another run's rows list this payment among their candidates).
  const shown = major(amount).replace(/\B(?=(\d{3})+\.)/g, ',');
  // On a phone a cell's name starts with its column's label ("Amount 2,958.91 RUB").
  const amountCell = alice.getByRole('cell', { name: new RegExp(`(^|\\s)${shown}\\sRUB$`) });
  const row = alice.getByRole('table', { name: 'Transfers waiting for a person' }).getByRole('row').filter({ hasText: '2020-01-01' }).filter({ has: amountCell });
  const attach = row.getByRole('form', { name: 'Attach to payment' });
  await attach.getByRole('combobox').selectOption(payin.request_id);
  await attach.getByRole('textbox').fill('the payer sent the receipt; the bank dated it wrong');
  await attach.getByRole('button', { name: 'Attach to payment' }).click();
  await expect(alice.getByRole('status')).toContainText('Proposed');

  // In the queue, Alice may only withdraw her own proposal; Bob approves it.
  await alice.getByRole('link', { name: 'Queue' }).click();
  const mine = alice.locator('#approvals tr', { hasText: payin.request_id });
  await expect(mine).toContainText(`operator:${operatorLogin.login} (you)`);
  await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeVisible();

  const bob = await (await browser.newContext()).newPage();
  await logIn(bob, secondOperatorLogin);
  const theirs = bob.locator('#approvals tr', { hasText: payin.request_id });
  await expect(theirs).toContainText('Transfer attached: the payer sent the receipt');
  await checkA11y(bob, info);
  await shot(bob, 'operator-approvals', info);
  await theirs.getByRole('button', { name: 'Approve' }).click();
  await heading(bob, 'Confirm: Approve');
  await expect(bob.getByText(/proposed this credit of/)).toContainText(`operator:${operatorLogin.login}`);
  await shot(bob, 'operator-confirm-approval', info);
  await bob.getByRole('button', { name: 'Approve' }).click();
  // Back in the queue's list of approvals, the proposal gone.
  await expect(bob.getByRole('status')).toContainText('Approved');
  await expect(bob.locator('#approvals tr', { hasText: payin.request_id })).toHaveCount(0);
  await bob.goto(`${baseURL}/operator/payments/${payin.request_id}`);
  await expect(bob.locator('.facts')).toContainText('Success');
  await expect(bob.getByRole('table', { name: 'Audit trail' })).toContainText('credit_approved');
  expect(errors).toEqual([]);
});

test('operator: more than the payment\'s amount needs a second operator', async ({ browser }, info) => {
  const amount = uniqueAmount(1900);
  const payin = await waitingPayin(amount);
  const alice = await (await browser.newContext()).newPage();
  await logIn(alice, operatorLogin);
  await alice.goto(`${baseURL}/operator/payments/${payin.request_id}`);
  await alice.getByLabel('Amount received').fill(major(amount + 50_000));
  await alice.getByRole('button', { name: 'Another amount received' }).click();
  await expect(alice.getByText(/a second operator must approve/)).toBeVisible();
  await alice.getByRole('button', { name: /^Yes, .* received$/ }).click();
  await expect(alice.getByRole('status')).toContainText('Proposed: a second operator approves it');
  await expect(alice.locator('.facts')).toContainText('Waiting for the payer');

  const bob = await (await browser.newContext()).newPage();
  await logIn(bob, secondOperatorLogin);
  const proposal = bob.locator('#approvals tr', { hasText: payin.request_id });
  await expect(proposal).toContainText('Funds received');
  await proposal.getByRole('button', { name: 'Reject' }).click();
  await expect(bob.getByRole('status')).toContainText('Rejected: nothing was credited');
  await expect(bob.locator('#approvals tr', { hasText: payin.request_id })).toHaveCount(0);
  await shot(bob, 'operator-rejected', info);
});
