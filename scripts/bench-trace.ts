// npm run bench:trace -- --dirs=.,/tmp/before --pages=/event/1,/team --runs=9 [--signed-in]
//
// Two builds (or one) page by page, loads alternated, each load traced: Chromium through the Slow 4G
// shaper (scripts/shaper/) with the CPU 4x slower, like bench:lighthouse, but each load's own trace is read
// (scripts/trace-metrics.ts): the first and the largest paint from the document's request, the blocking
// time, and the layout, paint, style, parsing and script before the largest paint. On a machine whose
// speed moves between runs, a change's effect shows in many alternated loads sooner than in Lighthouse's
// medians of 3 (docs/performance.md, "Sixth sitting"); Lighthouse's table stays the verdict on the
// budgets. --signed-in signs in as the seeded organiser first (cookie and the tab's token), for /profile,
// /merchandise, /accomodation and /event/{N}/register. Each build must be built (`npm run build`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { tokenStorageKey } from '@/lib/api-client';
import { optionOf, wholeOption } from './bench-context';
import { waitForHealthy } from './cluster-lib';
import { siteBenchEnv, startNextServer, stopServer } from './floor-app';
import { linkProfiles } from './shaper/link-profiles';
import { organiserToken } from './organiser-sign-in';
import { reportServerLog } from './server-log';
import { startShaper } from './shaper/traffic-shaper';
import { loadMetrics, median, type LoadMetrics, type TraceEvent } from './trace-metrics';

const args = process.argv.slice(2);
const dirs = (optionOf(args, 'dirs') ?? '.').split(',').filter(Boolean);
const pages = (optionOf(args, 'pages') ?? '/,/event,/event/1').split(',').filter(Boolean);
const runs = wholeOption(args, 'bench:trace', 'runs', 9);
const signedIn = args.includes('--signed-in');
const firstPort = 3750;

interface Build {
  dir: string;
  server: ChildProcess;
  dataDir: string;
  log: string;
  shaper: Awaited<ReturnType<typeof startShaper>>;
  token?: string;
  loads: Map<string, LoadMetrics[]>;
}

async function startBuild(dir: string, index: number): Promise<Build> {
  const port = firstPort + index;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-trace-'));
  const log = `${dataDir}.log`;
  const server = startNextServer(dir, port, siteBenchEnv(dataDir), log);
  const origin = `http://localhost:${port}`;
  await waitForHealthy(`${origin}/api/ready`, 120_000, server);
  const token = signedIn ? await organiserToken(origin) : undefined;
  // Warm the server's caches, so that no load measures a first render of the data.
  for (const page of pages) await fetch(`${origin}${page}`, { headers: cookie(token) });
  const shaper = await startShaper({
    target: { host: '127.0.0.1', port },
    profile: linkProfiles.slow4g,
  });
  return { dir, server, dataDir, log, shaper, token, loads: new Map() };
}

function cookie(token: string | undefined): Record<string, string> {
  return token ? { Cookie: `token=${token}` } : {};
}

/** One traced load of `page` through the build's shaped link, on new connections, in a fresh context. */
async function traceLoad(browser: Browser, build: Build, page: string): Promise<LoadMetrics> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const origin = `http://localhost:${build.shaper.port}`;
    if (build.token) {
      await tab.goto(`${origin}/robots.txt`);
      await tab.evaluate(
        (key, value) => window.localStorage.setItem(key, value),
        tokenStorageKey,
        build.token,
      );
      await tab.setCookie({ name: 'token', value: build.token, url: origin });
    }
    build.shaper.hangUp();
    // The tasks (RunTask) are in the disabled-by-default category.
    await tab.tracing.start({
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    const url = `${origin}${page}`;
    await tab.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
    if (new URL(tab.url()).pathname !== new URL(url).pathname) {
      throw new Error(`${page} ended on ${tab.url()}`);
    }
    // Hydration's last tasks and any late paint.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const trace = JSON.parse(Buffer.from((await tab.tracing.stop())!).toString()) as {
      traceEvents: TraceEvent[];
    };
    return loadMetrics(trace.traceEvents, url);
  } finally {
    await context.close();
  }
}

const round = (value: number) => Math.round(value).toLocaleString('en-GB');

function report(builds: Build[]): string {
  const rows = [
    '| page | build | LCP median (range), ms | FCP | blocking | layout | paint | style | parse | script |',
  ];
  rows.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const page of pages) {
    for (const build of builds) {
      const loads = build.loads.get(page) ?? [];
      const of = (pick: (m: LoadMetrics) => number) => round(median(loads.map(pick)));
      const lcps = loads.map((m) => m.lcpMs);
      rows.push(
        `| ${page} | ${build.dir} | ${of((m) => m.lcpMs)} (${round(Math.min(...lcps))} to ${round(Math.max(...lcps))}) | ${of((m) => m.fcpMs)} | ${of((m) => m.blockingMs)} | ${of((m) => m.layoutMs)} | ${of((m) => m.paintMs)} | ${of((m) => m.styleMs)} | ${of((m) => m.parseMs)} | ${of((m) => m.scriptMs)} |`,
      );
    }
  }
  return rows.join('\n');
}

async function main() {
  const builds: Build[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-features=PaintHolding'],
  });
  try {
    for (const [index, dir] of dirs.entries()) builds.push(await startBuild(dir, index));
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (let run = 1; run <= runs; run++) {
      for (const page of pages) {
        for (const build of builds) {
          const metrics = await traceLoad(browser, build, page);
          build.loads.set(page, [...(build.loads.get(page) ?? []), metrics]);
          console.log(
            `run ${run} ${page} ${build.dir}: LCP ${round(metrics.lcpMs)} ms, blocking ${round(metrics.blockingMs)} ms`,
          );
        }
      }
    }
    await browser.disconnect();
    console.log(
      `\nSlow 4G shaper, 4x CPU, ${runs} loads per page and build, alternated; medians; ms from the document's request; blocking: tasks' time over 50 ms from the first paint to the trace's end (not Lighthouse's TBT); layout to script: main-thread work before the largest paint.\n\n${report(builds)}\n`,
    );
  } finally {
    await chrome.kill();
    for (const build of builds) {
      await build.shaper.close();
      stopServer(build.server);
      fs.rmSync(build.dataDir, { recursive: true, force: true });
      reportServerLog(`${build.dir}'s server`, build.log);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
