// Console users and roles (issue 28 §1), with JavaScript on and off: an administrator adds a
// user from the console, the one-time link sets a password once, and a viewer reads but can
// neither reach the users page nor find a decision's button.
import { expect, Page, test } from '@playwright/test';
import { baseURL, checkA11y, factorLogins, heading, operatorLogin, shot, supportLogins, totp, watchConsole } from './kassa';

async function logIn(page: Page, login: string, password: string) {
  await page.goto(`${baseURL}/operator/login`);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Waiting for you');
}

test('an administrator adds a viewer from the console; the viewer sets a password once and decides nothing', async ({ browser }, info) => {
  const admin = await (await browser.newContext()).newPage();
  const errors = watchConsole(admin);
  await logIn(admin, operatorLogin.login, operatorLogin.password);
  await admin.getByRole('link', { name: 'Users' }).click();
  await heading(admin, 'Users');
  const login = `e2e-viewer-${info.project.name}-${Date.now() % 100000}`;
  const add = admin.locator('form', { has: admin.getByRole('button', { name: 'Add a user' }) });
  await add.getByLabel('Login').fill(login);
  await add.getByLabel('Role').selectOption('viewer');
  await add.getByRole('button', { name: 'Add a user' }).click();
  await expect(admin.getByRole('status')).toContainText('User added');
  const link = (await admin.getByText(/\/operator\/welcome\?token=/).textContent())!.trim();
  expect(link.startsWith(`${baseURL}/operator/welcome?token=`)).toBe(true);
  await expect(admin.locator('tr', { hasText: login })).toContainText('waiting for a password');
  await checkA11y(admin, info);
  await shot(admin, 'operator-users', info);

  // The new user, in their own browser: the link asks for a password twice.
  const viewer = await (await browser.newContext()).newPage();
  const viewerErrors = watchConsole(viewer);
  await viewer.goto(link);
  await heading(viewer, 'Set your password');
  await expect(viewer.getByLabel('Login')).toHaveValue(login);
  const password = 'viewer password of the e2e run';
  await viewer.locator('input[name=password]').fill(password);
  await viewer.locator('input[name=again]').fill(password);
  await checkA11y(viewer, info);
  await shot(viewer, 'operator-welcome', info);
  await viewer.getByRole('button', { name: 'Set password' }).click();
  await expect(viewer.getByRole('status')).toHaveText('Password set. Sign in with it now.');
  // Used once: the same link no longer works.
  await viewer.goto(link);
  await expect(viewer.getByText('This link does not work')).toBeVisible();

  await logIn(viewer, login, password);
  await expect(viewer.getByText(`${login} · viewer`)).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: /Funds received/ })).toHaveCount(0);
  await viewer.getByRole('link', { name: 'Requisites' }).click();
  await heading(viewer, 'Requisites pool');
  await expect(viewer.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: 'Add a requisite' })).toHaveCount(0);
  // Typed in by hand, the users page answers why not.
  await viewer.goto(`${baseURL}/operator/users`);
  await heading(viewer, 'Your role does not allow this');
  await expect(viewer.getByText('your role (viewer) does not allow this')).toBeVisible();
  await shot(viewer, 'operator-not-allowed', info);

  // The administrator makes them an operator: their session ends at once.
  await admin.goto(`${baseURL}/operator/users`);
  const row = admin.locator('tr', { hasText: login });
  await expect(row).toContainText('active');
  await row.getByLabel('Role').selectOption('operator');
  await row.getByRole('button', { name: 'Change role' }).click();
  await expect(admin.getByRole('status')).toHaveText('Saved.');
  await expect(admin.locator('tr', { hasText: login }).locator('td').nth(1)).toHaveText('operator');
  await viewer.goto(`${baseURL}/operator/`);
  await heading(viewer, 'Log in');
  // The refusal (403) and the spent link (404) answer so on purpose; nothing else may fail.
  expect([...errors, ...viewerErrors].filter((e) => !/status of 40[34]/.test(e))).toEqual([]);
});

test('merchant support reads payments; keys and users are not theirs; ends their other session', async ({ page, browser }, info) => {
  const supportLogin = supportLogins[info.project.name];
  const errors = watchConsole(page);
  await page.goto(`${baseURL}/merchant/login`);
  await page.getByLabel('Login').fill(supportLogin.login);
  await page.getByLabel('Password', { exact: true }).fill(supportLogin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`${supportLogin.login} · support`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payments' }).first()).toBeVisible();
  for (const name of ['Keys', 'Integration check', 'Payment page', 'Users']) {
    await expect(page.getByRole('navigation').getByRole('link', { name })).toHaveCount(0);
  }
  const answer = await page.goto(`${baseURL}/merchant/keys`);
  expect(answer?.status()).toBe(403);
  await heading(page, 'Your role does not allow this');
  await checkA11y(page, info);
  await shot(page, 'merchant-not-allowed', info);

  // Signed in on a second device too: from the first, every other session ends.
  const other = await (await browser.newContext()).newPage();
  await other.goto(`${baseURL}/merchant/login`);
  await other.getByLabel('Login').fill(supportLogin.login);
  await other.getByLabel('Password', { exact: true }).fill(supportLogin.password);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other.getByText(`${supportLogin.login} · support`)).toBeVisible();
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.locator('#sessions')).toContainText('this one');
  await checkA11y(page, info);
  await shot(page, 'merchant-account', info);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByRole('status')).toContainText('Your other sessions are ended');
  await other.reload();
  await heading(other, 'Log in');
  await page.reload();
  await heading(page, 'Your account');
  expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
});

test('an operator turns on a second factor with a computed code, then signs in with a code and with a recovery code', async ({ browser }, info) => {
  const me = factorLogins[info.project.name];
  const page = await (await browser.newContext()).newPage();
  const errors = watchConsole(page);
  await logIn(page, me.login, me.password);
  await page.getByRole('link', { name: 'Your account' }).click();
  await heading(page, 'Your account');
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/).textContent())!.trim();
  await checkA11y(page, info);
  await shot(page, 'operator-account-enrol', info);
  await page.getByRole('textbox', { name: /^Code/ }).fill(totp(key));
  await page.getByRole('button', { name: 'Turn on the second factor' }).click();
  await expect(page.getByRole('status')).toContainText('The second factor is on');
  const recovery = (await page.locator('#recovery').textContent())!.match(/[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}/g)!;
  expect(recovery).toHaveLength(10);
  await shot(page, 'operator-account-recovery', info);
  await page.getByRole('button', { name: 'Log out' }).click();

  // The password, then a code: the one used to enrol is spent, so the next step's is typed.
  await page.getByLabel('Login').fill(me.login);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await heading(page, 'Enter your code');
  await checkA11y(page, info);
  await shot(page, 'operator-login-code', info);
  await page.getByRole('textbox', { name: /^Code/ }).fill(totp(key, Date.now() / 1000 + 30));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading(page, 'Waiting for you');
  await page.getByRole('button', { name: 'Log out' }).click();

  // A recovery code instead of the phone, once.
  await page.getByLabel('Login').fill(me.login);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('textbox', { name: /^Code/ }).fill(recovery[0]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading(page, 'Waiting for you');
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByText('9 recovery codes are left')).toBeVisible();
  expect(errors).toEqual([]);
});
