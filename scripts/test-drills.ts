// npm run test:drills: the database drills as checks, in CI: `drill:failover` (the primary killed mid-rush)
// and `drill:restore` (a restore to a chosen minute), each with --no-write, so they check without touching
// docs/performance.md. They need a production build (npm test makes it first), nginx, pg_auto_failover and
// pgBackRest from Debian's packages, and root (their servers run as the postgres user). Without those they
// fail in CI (CI=true, whose .ci/run installs them) and are skipped elsewhere, saying what is missing.
import { spawnSync } from 'node:child_process';
import { findNginx } from './cluster-lib';
import { findTool } from './find-tool';
import { missingTools } from './failover-formation';

function missing(): string | null {
  if (process.getuid?.() !== 0)
    return 'the drills run their database servers as the postgres user: run as root';
  if (!findNginx()) return 'nginx is not installed (apt-get install nginx-light)';
  const failover = missingTools();
  if (failover) return failover;
  if (!findTool(['pgbackrest'], ['version']))
    return 'pgbackrest is not installed (apt-get install pgbackrest)';
  return null;
}

const why = missing();
if (why) {
  if (process.env.CI === 'true') {
    console.error(`test:drills: ${why}`);
    process.exit(1);
  }
  console.warn(`test:drills: skipped: ${why}`);
  process.exit(0);
}

for (const drill of ['drill:failover', 'drill:restore']) {
  const started = Date.now();
  console.log(`test:drills: npm run ${drill} -- --no-write`);
  const run = spawnSync('npm', ['run', drill, '--', '--no-write'], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) {
    console.error(`test:drills: ${drill} failed after ${seconds} s`);
    process.exit(1);
  }
  console.log(`test:drills: ${drill} passed in ${seconds} s`);
}
