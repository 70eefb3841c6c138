// Podman with a storage of its own: every image, container and volume of one test run lives under one
// folder, so the run never touches the machine's own images (/var/lib/containers) and removing the folder
// removes all of it. The engine's settings are the committed deploy/podman/containers.conf.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const containersConf = path.resolve('deploy', 'podman', 'containers.conf');

export interface Podman {
  /** Runs podman to completion; its output is returned, not shown. */
  run(args: string[], input?: string | Buffer): SpawnSyncReturns<string>;
  /** Runs podman to completion and returns its trimmed output, or throws with what it said. */
  output(args: string[]): string;
  /** Runs podman with its output shown (long steps: build, import), under `nice` when asked. */
  shown(args: string[], options?: { nice?: boolean }): number | null;
  /** Starts podman without waiting (an attached `podman run`). */
  start(args: string[]): ChildProcess;
  /** Removes every container, image and volume of this storage, then the folder itself. */
  destroy(): void;
}

export function podmanIn(folder: string): Podman {
  const global = ['--root', path.join(folder, 'storage'), '--runroot', path.join(folder, 'runroot')];
  const env = { ...process.env, CONTAINERS_CONF: containersConf };
  const run = (args: string[], input?: string | Buffer) =>
    spawnSync('podman', [...global, ...args], {
      env,
      input,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  return {
    run,
    output(args) {
      const result = run(args);
      if (result.status !== 0) {
        throw new Error(`podman ${args.join(' ')} failed:\n${result.stderr || result.error}`);
      }
      return result.stdout.trim();
    },
    shown(args, options = {}) {
      const [program, prefix] = options.nice ? ['nice', ['-n', '10', 'podman']] : ['podman', []];
      return spawnSync(program, [...prefix, ...global, ...args], { env, stdio: 'inherit' }).status;
    },
    start(args) {
      return spawn('podman', [...global, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    },
    destroy() {
      if (!fs.existsSync(folder)) return;
      run(['rm', '--all', '--force', '--time', '0']);
      // Unmounts the overlay layers and removes images and volumes; what is left is plain files.
      run(['system', 'reset', '--force']);
      fs.rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}
