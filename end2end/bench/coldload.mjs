// Cold load of the hosted payment page in Debian's Chromium on a slow mobile link.
//
//   node end2end/bench/coldload.mjs http://127.0.0.1:PORT
//
// The server must run in demo mode (KASSA_DEMO=1): the page is reached the way a newcomer does,
// through the demo shop's form. scripts/coldload.sh starts such a server and runs this.
// Exits 1 when a target is missed, 2 when the page could not be measured at all.
import { chromium } from 'playwright-core';

const RUNS = 5;
const TARGET_FCP_MS = 2000;
const TARGET_INTERACTIVE_MS = 4000;
// 400 kbit/s both ways and 400 ms round trip: a poor mobile connection.
const THROTTLE = { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };
// The heaviest screen with JavaScript: card details with copy buttons and a live countdown.
const CHOICE = 'RUB|payin-p2p-card';
const AMOUNT = '1500';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'];
const RUN_TIMEOUT_MS = 120_000;
// A page never made interactive gives "n/a" (and fails) instead of stopping the benchmark.
const INTERACTIVE_TIMEOUT_MS = 60_000;

const base = (process.argv[2] ?? '').replace(/\/+$/, '');
if (!/^https?:\/\/[^/]+$/.test(base)) {
  console.error('usage: node end2end/bench/coldload.mjs http://127.0.0.1:PORT');
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const h1Of = (html) => (html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '').replace(/<[^>]*>/g, '').trim();
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** Orders a payment in the demo shop as a person would and answers its page's URL. */
async function orderPayment() {
  const shop = await fetch(`${base}/`, { headers: { 'accept-language': 'en' } });
  const html = await shop.text();
  if (!shop.ok) throw new Error(`GET / answered ${shop.status}: is the server in demo mode (KASSA_DEMO=1)?`);
  // The form's token is bound to the cookie that came with it.
  const cookie = shop.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('kassa_csrf='));
  const csrfTag = html.match(/<input[^>]*\sname="csrf"[^>]*>/)?.[0];
  const csrf = csrfTag && attr(csrfTag, 'value');
  if (!cookie || !csrf) throw new Error('the demo shop gave no kassa_csrf cookie or csrf field');
  const choices = [...html.matchAll(/<option[^>]*\svalue="([^"]*)"/g)].map((m) => m[1].replace(/&#x7c;|&#124;/gi, '|'));
  const choice = choices.includes(CHOICE) ? CHOICE : choices.find((c) => c.startsWith('RUB|')) ?? choices[0];
  if (!choice) throw new Error('the demo shop offers no payment method');

  let response = await fetch(`${base}/demo/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'accept-language': 'en' },
    body: new URLSearchParams({ csrf, choice, amount: AMOUNT }),
  });
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) break;
    // form_url carries the server's public URL; the same path on the address we measure.
    const next = new URL(location, base);
    const url = `${base}${next.pathname}${next.search}`;
    if (next.pathname.startsWith('/pay/')) return { url, choice };
    response = await fetch(url, { redirect: 'manual', headers: { cookie, 'accept-language': 'en' } });
  }
  const said = h1Of(await response.text());
  throw new Error(`the demo shop did not send us to a payment page (status ${response.status}${said ? `, "${said}"` : ''})`);
}

/** Waits (up to 30 s) for the requisites search, so runs measure the payment details screen. */
async function settle(url) {
  let html = '';
  for (let i = 0; i < 60; i++) {
    html = await (await fetch(url, { headers: { 'accept-language': 'en' } })).text();
    if (/class="copy"/.test(html)) return { screen: h1Of(html), instructions: true };
    await sleep(500);
  }
  return { screen: h1Of(html), instructions: false };
}

/** The first paint can come a frame or more after load on a light page: wait for it (5 s at most). */
async function firstContentfulPaint(page) {
  return page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, null, { timeout: 5000 })
    .then((handle) => handle.jsonValue(), () => null);
}

/** One cold load in a fresh context (empty cache, no cookies, new connections). */
async function measure(browser, url, javaScriptEnabled) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    javaScriptEnabled,
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(RUN_TIMEOUT_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    const inflight = new Set();
    let lastActivity = Date.now();
    const encodings = new Set();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      if (!inflight.has(e.requestId)) requests += 1; // a redirect keeps its request's id
      inflight.add(e.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
      if (enc) encodings.add(enc);
    });
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      inflight.delete(e.requestId);
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', (e) => {
      inflight.delete(e.requestId);
      lastActivity = Date.now();
    });

    // Interactive: the page's script has enhanced the markup (copy buttons, countdown set
    // data-ready="1"). Polled from the moment the document commits, so it is not seen late.
    await page.goto(url, { waitUntil: 'commit' });
    const ready = javaScriptEnabled
      ? page
          .waitForFunction(() => document.querySelector('[data-ready="1"]') && performance.now(), null, {
            polling: 'raf',
            timeout: INTERACTIVE_TIMEOUT_MS,
          })
          .then((handle) => handle.jsonValue(), () => null)
      : null;
    await page.waitForLoadState('load');
    const interactiveAt = ready ? await ready : null;
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        dcl: nav.domContentLoadedEventStart,
        load: nav.loadEventStart,
        screen: document.querySelector('h1')?.textContent.trim() ?? '',
      };
    });
    const fcp = await firstContentfulPaint(page);
    // The favicon is asked for after load: wait for the network to go quiet so every run counts
    // it. The live-status poll (every 2.5 s after the script runs) comes later and is not counted.
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline && (inflight.size > 0 || Date.now() - lastActivity < 500)) await sleep(50);
    return {
      fcp,
      ...timing,
      interactive: javaScriptEnabled ? interactiveAt : timing.load,
      bytes,
      requests,
      encodings: [...encodings],
    };
  } finally {
    await context.close();
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const ms = (v) => (v == null ? 'n/a' : String(Math.round(v)));
const kb = (v) => (v / 1000).toFixed(1);

function table(title, runs) {
  const rows = [
    ['FCP (ms)', 'fcp', ms],
    ['DOMContentLoaded (ms)', 'dcl', ms],
    ['load (ms)', 'load', ms],
    ['interactive (ms)', 'interactive', ms],
    ['transferred (KB)', 'bytes', kb],
    ['requests', 'requests', String],
  ];
  console.log(`\n${title}`);
  console.log(`  ${'metric'.padEnd(22)}${'median'.padStart(9)}${'max'.padStart(9)}`);
  for (const [label, key, fmt] of rows) {
    const values = runs.map((r) => r[key]);
    // One missing value (a page never made interactive) makes the figure n/a, not a smaller median.
    const [med, max] = values.some((v) => v == null) ? [null, null] : [median(values), Math.max(...values)];
    console.log(`  ${label.padEnd(22)}${(med == null ? 'n/a' : fmt(med)).padStart(9)}${(max == null ? 'n/a' : fmt(max)).padStart(9)}`);
  }
}

async function main() {
  console.log(`$ node end2end/bench/coldload.mjs ${base}`);
  const { url, choice } = await orderPayment();
  const settled = await settle(url);
  console.log(`page: ${url.replace(base, '')} (demo shop: ${choice}, ${AMOUNT})`);
  console.log(`screen: "${settled.screen}"${settled.instructions ? '' : ' (not the payment details: measured as it is)'}`);
  console.log(`network: ${THROTTLE.latency} ms round trip, ${(THROTTLE.downloadThroughput * 8) / 1000} kbit/s down and up, cache disabled; 1 KB = 1000 B`);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  console.log(`browser: Chromium ${browser.version()}, 390x844 mobile viewport, a new context per run`);
  const results = {};
  try {
    for (const [mode, js] of [['JavaScript on', true], ['JavaScript off', false]]) {
      results[mode] = [];
      for (let i = 1; i <= RUNS; i++) {
        const r = await measure(browser, url, js);
        results[mode].push(r);
        console.log(
          `  ${js ? 'js' : 'nojs'} run ${i}/${RUNS}: FCP ${ms(r.fcp)}, DCL ${ms(r.dcl)}, load ${ms(r.load)}, ` +
            `interactive ${ms(r.interactive)} ms, ${kb(r.bytes)} KB in ${r.requests} requests` +
            (r.encodings.length ? ` (${r.encodings.join(', ')})` : ''),
        );
        if (r.screen !== settled.screen) console.log(`    screen: "${r.screen}"`);
      }
    }
  } finally {
    await browser.close();
  }

  for (const [mode, runs] of Object.entries(results)) table(`${mode} (${runs.length} runs)`, runs);

  const js = results['JavaScript on'];
  const fcp = js.some((r) => r.fcp == null) ? null : median(js.map((r) => r.fcp));
  const interactive = js.some((r) => r.interactive == null) ? null : median(js.map((r) => r.interactive));
  const pass = fcp != null && fcp < TARGET_FCP_MS && interactive != null && interactive < TARGET_INTERACTIVE_MS;
  console.log(
    `\n${pass ? 'PASS' : 'FAIL'}: median FCP ${ms(fcp)} ms (target < ${TARGET_FCP_MS}), ` +
      `median interactive ${ms(interactive)} ms (target < ${TARGET_INTERACTIVE_MS}), JavaScript on`,
  );
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`coldload: ${e.message ?? e}`);
    process.exit(2);
  },
);
