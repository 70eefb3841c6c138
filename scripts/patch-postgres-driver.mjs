// Runs after every `npm install` (package.json's postinstall): mends one line of postgres.js, the
// PostgreSQL driver, in each of its builds. docs/decisions.md ("A transaction always owns its connection")
// says why; tests/integration/transactions-pool.test.ts shows the fault without it.
//
// postgres.js sends a transaction's BEGIN through the pool like any statement and marks the connection as
// the transaction's in a callback (`onexecute`) that it skips when the BEGIN fills a busy connection's
// pipeline or meets back-pressure on the socket. The server then runs BEGIN, the client raises
// UNSAFE_TRANSACTION, and the connection goes back to the pool inside a transaction that swallows other
// callers' writes. The mend calls the callback whenever such a statement has been written. Answering
// false ("this connection takes nothing more now") is what the driver answered for a BEGIN before.
//
// The version is pinned in package.json. If an upgrade changes the line, this script stops the install
// and says so: the upgrade must then be checked against the regression test before this is changed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const driver = path.join(root, 'node_modules', 'postgres');
const builds = ['src', 'cjs/src', 'cf/src'].map((dir) => path.join(driver, dir, 'connection.js'));

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

/** The mended text of a build, or null when it is neither the original nor already mended. */
export function mend(source) {
  if (source.includes(mended)) return source;
  if (!source.includes(original)) return null;
  return source.replace(original, mended);
}

function main() {
  if (!fs.existsSync(driver)) return; // not installed (yet): nothing to mend
  for (const file of builds) {
    if (!fs.existsSync(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    const result = mend(source);
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
