// The part of the Lighthouse bars that runs where npx installed lighthouse and puppeteer-core
// (scripts/bench/lighthouse.mjs starts it): `node lighthouse-runner.mjs <job.json> <result.json>`.
// Each page is a Lighthouse navigation at its default mobile settings, in a page whose session (a
// jwt and its audience in localStorage) is written before the app's scripts run, after Lighthouse
// has cleared the origin's storage and cache. INP is measured apart, in a page of its own.
/* global window, document, performance, requestAnimationFrame, PerformanceObserver -- functions handed to the page run there */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [jobFile, resultFile] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobFile, 'utf8'));

// npx puts its packages' bin directory on PATH; the packages are beside it.
const binDir = (process.env.PATH ?? '')
  .split(':')
  .find((dir) => /[/\\]_npx[/\\]/.test(dir) && dir.endsWith('.bin'));
if (binDir === undefined) throw new Error('Run through npx -p lighthouse -p puppeteer-core');
const modules = join(binDir, '..');
const { navigation } = await import(pathToFileURL(join(modules, 'lighthouse/core/index.js')).href);
const { default: puppeteer } = await import(
  pathToFileURL(join(modules, 'puppeteer-core/lib/esm/puppeteer/puppeteer-core.js')).href
);

/** Lighthouse now and then loses a page load's trace (NO_NAVSTART): such a run is taken again. */
const ATTEMPTS = 3;
const TOKEN_STORAGE_KEY = 'pledge.jwt';
const TOKEN_AUDIENCE_KEY = 'pledge.jwt.audience';
/** Lighthouse's default mobile device (Moto G Power), for the INP page. */
const MOBILE_VIEWPORT = {
  width: 412,
  height: 823,
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
/** Between two key presses, as a person types. */
const KEY_DELAY_MS = 120;
/** After a group of interactions: the event timing entries arrive after the next paint. */
const SETTLE_MS = 1_500;
const READY_TIMEOUT_MS = 60_000;

const origin = new URL(job.base).origin;

/**
 * Where LCP's time went (Lighthouse's phases: time to first byte, the wait before the LCP
 * resource was asked for, its download, then the wait until it was painted), in ms.
 */
function lcpPhases(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const phases = items.find((item) => item.type === 'table' && item.items?.[0]?.phase);
  const element = items.find((item) => item.type === 'table' && item.items?.[0]?.node);
  if (phases === undefined) return undefined;
  return {
    ...Object.fromEntries(phases.items.map((row) => [row.phase, Math.round(row.timing)])),
    element: element?.items?.[0]?.node?.snippet?.slice(0, 80),
  };
}
const browser = await puppeteer.launch({
  executablePath: job.chromiumPath,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** A new page that writes `session` into the app's localStorage before the app's scripts run. */
async function newPage(session) {
  const page = await browser.newPage();
  if (session !== null) {
    await page.evaluateOnNewDocument(
      (expectedOrigin, keys, values) => {
        if (window.location.origin !== expectedOrigin) return;
        window.localStorage.setItem(keys.token, values.jwt);
        window.localStorage.setItem(keys.audience, values.audience);
      },
      origin,
      { token: TOKEN_STORAGE_KEY, audience: TOKEN_AUDIENCE_KEY },
      session,
    );
  }
  return page;
}

async function measurePage(spec) {
  for (let attempt = 1; ; attempt += 1) {
    const page = await newPage(spec.session);
    try {
      const flow = await navigation(page, `${job.base}${spec.path}`, {
        config: {
          extends: 'lighthouse:default',
          settings: { onlyCategories: ['performance'] },
        },
      });
      const lhr = flow.lhr;
      if (lhr.runtimeError !== undefined) throw new Error(lhr.runtimeError.message);
      if (job.lhrDir !== null) {
        mkdirSync(job.lhrDir, { recursive: true });
        writeFileSync(join(job.lhrDir, `${spec.name}.json`), JSON.stringify(lhr));
      }
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      const problems = [];
      if (spec.mustStayOn !== null && finalPath !== spec.mustStayOn) {
        problems.push(`landed on ${finalPath}`);
      }
      if (spec.expectSelector !== null && (await page.$(spec.expectSelector)) === null) {
        problems.push(`${spec.expectSelector} not shown when the load ended`);
      }
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        path: spec.path,
        performance: Math.round(lhr.categories.performance.score * 100),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        totalBlockingTimeMs: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpPhases: lcpPhases(lhr),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        ...(problems.length === 0 ? {} : { problem: problems.join('; ') }),
      };
    } catch (error) {
      if (attempt >= ATTEMPTS) return { path: spec.path, error: String(error.message ?? error) };
      console.log(`lighthouse: ${spec.name} failed to record (${error.message}), running it again`);
    } finally {
      await page.close();
    }
  }
}

/** Every interaction's duration so far, by interaction id (the longest of its events). */
function installEventTiming() {
  const byInteraction = new Map();
  window.__benchInteractions = byInteraction;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const target = entry.target;
      const what = `${entry.name} on ${target?.getAttribute?.('name') ?? target?.getAttribute?.('type') ?? target?.tagName ?? '?'}`;
      const known = byInteraction.get(entry.interactionId);
      if (known === undefined || entry.duration > known.duration) {
        // Where the time went: waiting for the main thread, the handlers, then the next paint.
        const delay = Math.round(entry.processingStart - entry.startTime);
        const handlers = Math.round(entry.processingEnd - entry.processingStart);
        const paint = Math.round(entry.startTime + entry.duration - entry.processingEnd);
        byInteraction.set(entry.interactionId, {
          duration: entry.duration,
          what: `${what} (input delay ${delay} ms, handlers ${handlers} ms, to the paint ${paint} ms)`,
        });
      }
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Headless Chromium reports an interaction's next paint only once a later frame is presented,
 * which on a page at rest can be seconds on: a 2 px mark redrawn every frame keeps frames coming,
 * as a real screen does (its own small cost counts against the page).
 */
function keepFramesComing() {
  const tick = () => {
    if (document.body !== null) {
      let mark = document.getElementById('bench-frame-mark');
      if (mark === null) {
        mark = document.createElement('div');
        mark.id = 'bench-frame-mark';
        mark.setAttribute('aria-hidden', 'true');
        document.body.append(mark);
      }
      mark.style.cssText = `position:fixed;top:0;left:0;width:2px;height:2px;background:#000;opacity:${0.5 + (performance.now() % 500) / 1000}`;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function interactionsSoFar(page) {
  return page.evaluate(() =>
    [...window.__benchInteractions.entries()].map(([id, v]) => ({ id, ...v })),
  );
}

/**
 * INP of one group of interactions: with fewer than 50, the longest (as the INP of a page visit
 * is); the entries of the group are those that arrived while it ran.
 */
async function timeGroup(page, run) {
  const before = new Set((await interactionsSoFar(page)).map((entry) => entry.id));
  await run();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const entries = (await interactionsSoFar(page)).filter((entry) => !before.has(entry.id));
  const sorted = entries.toSorted((a, b) => b.duration - a.duration);
  // Above 50 interactions INP leaves out the longest one per 50.
  const worst = sorted[Math.floor(sorted.length / 50)];
  return {
    inpMs: Math.round(worst?.duration ?? 0),
    interactions: entries.length,
    worst: worst?.what ?? 'none',
  };
}

async function typeInto(page, selector, text) {
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace', { delay: KEY_DELAY_MS });
  await page.type(selector, text, { delay: KEY_DELAY_MS });
}

async function measureInp(spec) {
  const page = await newPage(null);
  try {
    await page.emulate({ viewport: MOBILE_VIEWPORT, userAgent: await browser.userAgent() });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: spec.cpuSlowdown });
    await page.evaluateOnNewDocument(installEventTiming);
    await page.evaluateOnNewDocument(keepFramesComing);
    await page.goto(`${job.base}${spec.path}`, {
      waitUntil: 'networkidle0',
      timeout: READY_TIMEOUT_MS,
    });
    const amount = 'input[name="collateralAmount"]';
    const cash = 'input[name="cashToBorrow"]';
    const slider = 'input[type="range"]';
    await page.waitForSelector(amount, { visible: true, timeout: READY_TIMEOUT_MS });
    const groups = {};
    groups['amount fields, typing the first amounts'] = await timeGroup(page, async () => {
      await typeInto(page, amount, '1.5');
      await typeInto(page, cash, '25000');
    });
    await page.waitForSelector('#tila-box-heading', { visible: true, timeout: READY_TIMEOUT_MS });
    groups['amount fields, retyping with the Truth-in-Lending box shown'] = await timeGroup(
      page,
      async () => {
        await typeInto(page, cash, '30000');
        await typeInto(page, amount, '2');
      },
    );
    groups['offer slider, keyboard and drag'] = await timeGroup(page, async () => {
      await page.focus(slider);
      for (let step = 0; step < 8; step += 1) {
        await page.keyboard.press(step < 4 ? 'ArrowRight' : 'ArrowLeft', { delay: KEY_DELAY_MS });
        await new Promise((resolve) => setTimeout(resolve, KEY_DELAY_MS));
      }
      const box = await (await page.$(slider)).boundingBox();
      const y = box.y + box.height / 2;
      await page.mouse.click(box.x + box.width * 0.3, y);
      await page.mouse.move(box.x + box.width * 0.3, y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step += 1) {
        await page.mouse.move(box.x + box.width * (0.3 + step * 0.04), y, { steps: 2 });
      }
      await page.mouse.up();
    });
    return { path: spec.path, cpuSlowdown: spec.cpuSlowdown, groups };
  } finally {
    await page.close();
  }
}

const result = {
  pages: {},
  loadAverage: loadavg()
    .map((load) => load.toFixed(1))
    .join(' '),
};
try {
  for (const spec of job.pages) {
    result.pages[spec.name] = await measurePage(spec);
    console.log('lighthouse', spec.name, result.pages[spec.name]);
  }
  if (job.inp !== null) {
    result.inp = await measureInp(job.inp);
    console.log('inp', JSON.stringify(result.inp));
  }
} finally {
  await browser.close();
}
const indexes = Object.values(result.pages)
  .map((page) => page.benchmarkIndex)
  .filter((index) => index !== undefined);
if (indexes.length > 0) {
  result.hostBenchmarkIndex = Math.round(
    indexes.reduce((sum, index) => sum + index, 0) / indexes.length,
  );
}
writeFileSync(resultFile, JSON.stringify(result, null, 2));
