import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findTool } from '../find-tool';

/*
 * The code folder of an emulated serverless platform: the self-contained server of `npm run build`
 * (.next/standalone, with the browser assets and public/ beside server.js, as a deploy step places them),
 * copied under /tmp, owned by root and writable by nobody. The instances run as `nobody`, so any write the
 * server makes outside DATA_DIR fails as it fails on a platform whose code is read-only.
 */

/** The user and group the instances run as: not the owner of the code. */
export const instanceUser = { name: 'nobody', group: 'nogroup' };

/** Why this machine cannot run the emulation (it changes owners and users), or null when it can. */
export function platformSkipReason(): string | null {
  if (process.getuid?.() !== 0)
    return "the emulated platform runs its instances as another user than the code's owner: run as root";
  if (!fs.existsSync(path.join('.next', 'standalone', 'server.js')))
    return 'no standalone build in .next/standalone: run `npm run build` first';
  if (!findTool(['setpriv'])) return 'setpriv is missing (util-linux)';
  return null;
}

/** Copies the build into a fresh read-only folder under the system's temporary directory; answers its path. */
export function readOnlyCodeFolder(root = process.cwd()): string {
  const code = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-fn-code-'));
  const copy = (from: string, to: string) => {
    const source = path.join(root, from);
    if (fs.existsSync(source)) fs.cpSync(source, path.join(code, to), { recursive: true });
  };
  copy(path.join('.next', 'standalone'), '.');
  copy(path.join('.next', 'static'), path.join('.next', 'static'));
  copy('public', 'public');
  // mkdtemp makes the folder 700: the instances must be able to enter it, never to write in it.
  execFileSync('chown', ['-R', 'root:root', code]);
  execFileSync('chmod', ['-R', 'a+rX,a-w', code]);
  return code;
}

/** A DATA_DIR under the temporary directory that only the instances' user may write. */
export function instanceDataDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `festival-fn-data-${label}-`));
  execFileSync('chown', [`${instanceUser.name}:${instanceUser.group}`, dir]);
  return dir;
}

/** Removes a folder this module made (the code folder is read-only: its modes are given back first). */
export function removeFolder(dir: string): void {
  if (!fs.existsSync(dir)) return;
  execFileSync('chmod', ['-R', 'u+w', dir]);
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
