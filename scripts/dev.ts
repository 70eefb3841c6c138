// npm run dev: Next's development server, and the stylesheet compiled again on every change beside it
// (scripts/build-stylesheet.ts --watch: the stylesheet is the site's own, not Next's). Extra arguments go
// to `next dev`; stopping this stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const tsx = path.join('node_modules', '.bin', 'tsx');
const next = path.join('node_modules', 'next', 'dist', 'bin', 'next');
const watcher = spawn(tsx, ['scripts/build-stylesheet.ts', '--watch'], { stdio: 'inherit' });
const server = spawn(process.execPath, [next, 'dev', ...process.argv.slice(2)], { stdio: 'inherit' });

server.on('exit', (code) => {
  watcher.kill();
  process.exit(code ?? 0);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.kill(signal);
    watcher.kill(signal);
  });
}
