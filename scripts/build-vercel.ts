// npm run build:vercel: the hosting platform's own build, made here, with the pinned Vercel CLI
// (devDependency vercel, exact version) and no account: `vercel build` writes .vercel/output exactly as the
// platform would before deploying it, and tests/platform/vercel-output.test.ts reads what it wrote.
//
// Offline by construction: the committed local project file (.vercel/project.json) already carries the
// project's settings, so the CLI never runs `vercel pull` (which needs a login and Vercel's API), and its
// install command is empty (node_modules is already here). Telemetry and update checks are turned off, and
// the CLI gets a configuration folder of its own (.vercel/cli, not committed): it never reads a developer's
// login, and it finds a user id there, so it does not ask Vercel's API who the user is (GET /v2/user,
// which it otherwise sends on every command, telemetry off or not, and retries four times).
// Extra arguments go to `vercel build` (`--prod` builds for production instead of a preview).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projectFile = path.join(root, '.vercel', 'project.json');
const cli = path.join(root, 'node_modules', '.bin', 'vercel');
const cliConfig = path.join(root, '.vercel', 'cli');

function fail(message: string): never {
  console.error(`build:vercel: ${message}`);
  process.exit(1);
}

if (!existsSync(cli)) fail('the Vercel CLI is not installed: run npm install (devDependency vercel)');
if (!existsSync(projectFile))
  fail(`${path.relative(root, projectFile)} is missing: it is committed, restore it`);
const project = JSON.parse(readFileSync(projectFile, 'utf8')) as { settings?: unknown };
// Without settings the CLI would ask Vercel's API for them, which needs an account and the network.
if (!project.settings)
  fail(`${path.relative(root, projectFile)} has no "settings": the build would go online`);

mkdirSync(cliConfig, { recursive: true });
// No token: nothing here can reach an account. The id is a placeholder that only stops the user lookup.
writeFileSync(path.join(cliConfig, 'auth.json'), `${JSON.stringify({ userId: 'local-build' })}\n`);
writeFileSync(path.join(cliConfig, 'config.json'), `${JSON.stringify({ telemetry: { enabled: false } })}\n`);

const started = Date.now();
const build = spawnSync(cli, ['build', '--yes', '--global-config', cliConfig, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    VERCEL_TELEMETRY_DISABLED: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    // The CLI's "new version available" check asks the npm registry for vercel's dist-tags.
    NO_UPDATE_NOTIFIER: '1',
  },
});
const seconds = Math.round((Date.now() - started) / 1000);
if (build.error) fail(`could not run ${cli}: ${build.error.message}`);
if (build.status !== 0) fail(`vercel build failed (exit ${build.status ?? build.signal}) after ${seconds} s`);
console.log(`build:vercel: .vercel/output written in ${seconds} s`);
