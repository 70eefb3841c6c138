// npm start [-- -p PORT] [-H HOST]: runs the self-contained server of `npm run build`
// (.next/standalone/server.js), the way a container image or a plain server runs it, from this checkout.
//
// The standalone folder holds the server and the node_modules it needs, but not the browser assets: this
// copies .next/static and public/ beside server.js when they are missing or from another build (a deploy
// step does the same once, see docs/deploy.md). server.js changes into its own folder, so a relative
// DATA_DIR is made absolute here first: `.data` keeps meaning this checkout's .data.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const standalone = path.join(root, '.next', 'standalone');
const server = path.join(standalone, 'server.js');

if (!fs.existsSync(server)) {
  console.error('No standalone build: run `npm run build` first (next.config.ts has output: "standalone").');
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p' },
    hostname: { type: 'string', short: 'H' },
  },
  strict: true,
});

/** Copies a folder into the standalone tree unless the copy there is already from this build. */
function place(from, to) {
  if (!fs.existsSync(from)) return;
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(from, to, { recursive: true });
}

const buildId = fs.readFileSync(path.join(root, '.next', 'BUILD_ID'), 'utf8');
const marker = path.join(standalone, '.assets-build-id');
const placed = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : '';
if (placed !== buildId) {
  place(path.join(root, '.next', 'static'), path.join(standalone, '.next', 'static'));
  place(path.join(root, 'public'), path.join(standalone, 'public'));
  fs.writeFileSync(marker, buildId);
}

process.env.DATA_DIR = path.resolve(process.cwd(), process.env.DATA_DIR || '.data');
if (values.port) process.env.PORT = values.port;
// server.js binds to HOSTNAME, which shells and containers often set to the machine's name: bind to every
// interface unless -H says otherwise.
process.env.HOSTNAME = values.hostname ?? '0.0.0.0';

await import(pathToFileURL(server).href);
