// Runs after every `npm install` (package.json's postinstall): mends postgres.js, the PostgreSQL driver, in
// each of its builds, in two places.
//
// 1. connection.js: a transaction always owns its connection. docs/decisions.md ("A transaction always owns
// its connection") says why; tests/integration/transactions-pool.test.ts shows the fault without it.
// postgres.js sends a transaction's BEGIN through the pool like any statement and marks the connection as
// the transaction's in a callback (`onexecute`) that it skips when the BEGIN fills a busy connection's
// pipeline or meets back-pressure on the socket. The server then runs BEGIN, the client raises
// UNSAFE_TRANSACTION, and the connection goes back to the pool inside a transaction that swallows other
// callers' writes. The mend calls the callback whenever such a statement has been written. Answering
// false ("this connection takes nothing more now") is what the driver answered for a BEGIN before.
//
// 2. index.js: the pool's state, for the metrics (lib/server/metrics/pool.ts). The driver keeps its
// connections in queues local to the pool's closure and says nothing of them; the mend adds `poolState()`
// to the client: how many connections are idle, busy, full, reserved by a transaction, connecting or not
// open, how many statements wait for a connection now, and how many have had to wait since the start.
//
// The version is pinned in package.json. If an upgrade changes a mended line, this script stops the install
// and says so: the upgrade must then be checked against the regression test before this is changed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const driver = path.join(root, 'node_modules', 'postgres');
const buildDirs = ['src', 'cjs/src', 'cf/src'];

const original = `      return write(toBuffer(q))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline
        && (!q.options.onexecute || q.options.onexecute(connection))`;

const mended = `      const more = write(toBuffer(q))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline
      // festival-site: a transaction's BEGIN always reserves the connection it was written to.
      if (q.options.onexecute)
        return q.options.onexecute(connection), false
      return more`;

/** `source` with every [original, mended] pair replaced; null when a pair is neither there nor mended. */
function replaceAll(source, pairs) {
  let result = source;
  for (const [before, after] of pairs) {
    if (result.includes(after)) continue;
    if (!result.includes(before)) return null;
    result = result.replace(before, after);
  }
  return result;
}

/** The mended text of connection.js, or null when it is neither the original nor already mended. */
export function mend(source) {
  return replaceAll(source, [[original, mended]]);
}

const poolStatePairs = [
  [
    '  let ending = false\n',
    '  let ending = false\n    , waits = 0 // festival-site: statements that waited\n',
  ],
  [
    '    options,\n    reserve,\n',
    '    options,\n' +
      "    // festival-site: the pool's state, for the metrics.\n" +
      '    poolState: () => ({ max: options.max, idle: open.length, busy: busy.length, full: full.length,\n' +
      '      reserved: reserved.length, connecting: connecting.length, unopened: closed.length,\n' +
      '      waiting: queries.length, waits }),\n' +
      '    reserve,\n',
  ],
  ['      : queries.push(query)\n', '      : (waits++, queries.push(query))\n'],
];

/** The mended text of index.js (the pool's state), or null when it is not the driver this was written for. */
export function mendPoolState(source) {
  return replaceAll(source, poolStatePairs);
}

const mends = [
  { file: 'connection.js', apply: mend },
  { file: 'index.js', apply: mendPoolState },
];

function main() {
  if (!fs.existsSync(driver)) return; // not installed (yet): nothing to mend
  const targets = buildDirs.flatMap((dir) =>
    mends.map(({ file, apply }) => ({ file: path.join(driver, dir, file), apply })),
  );
  for (const { file, apply } of targets) {
    if (!fs.existsSync(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    const result = apply(source);
    if (result === null) {
      console.error(
        `patch-postgres-driver: ${path.relative(root, file)} is not the postgres.js this project pins ` +
          '(package.json); check the upgrade against tests/integration/transactions-pool.test.ts, then ' +
          'update scripts/patch-postgres-driver.mjs.',
      );
      process.exit(1);
    }
    if (result !== source) fs.writeFileSync(file, result);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
