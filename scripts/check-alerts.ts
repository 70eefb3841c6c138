// npm run test:alerts: checks the Prometheus configuration and alert rules of deploy/prometheus with promtool
// (Debian's prometheus package): the configuration and the rules parse, and every alert fires on the
// figures it is meant for and stays quiet short of them (alerts.test.yml, promtool's rule unit tests).
//
// The configuration names a token file that only a real installation has, so the check runs on a copy
// beside a stand-in token. Without promtool it fails in CI (CI=true, whose .ci/run installs it) and is
// skipped elsewhere, saying how to install it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTool } from './find-tool';

const source = path.join('deploy', 'prometheus');

const promtool = findTool([process.env.PROMTOOL, 'promtool', '/usr/bin/promtool']);
if (!promtool) {
  const message = 'test:alerts: promtool is not installed (apt-get install prometheus)';
  if (process.env.CI === 'true') {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message}: skipped`);
  process.exit(0);
}

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-alerts-'));
try {
  for (const file of fs.readdirSync(source)) fs.copyFileSync(path.join(source, file), path.join(copy, file));
  fs.writeFileSync(path.join(copy, 'metrics-token'), 'a-stand-in-for-the-metrics-token\n');
  for (const args of [
    ['check', 'config', 'prometheus.yml'],
    ['test', 'rules', 'alerts.test.yml'],
  ]) {
    const run = spawnSync(promtool, args, { cwd: copy, stdio: 'inherit' });
    if (run.status !== 0) {
      console.error(`test:alerts: promtool ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
