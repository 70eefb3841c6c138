import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  archiveCommand,
  debianLayout,
  exampleFiles,
  renderPgBackRestConfig,
  renderPostgresArchiving,
  type ArchivingLayout,
} from '../../scripts/pgbackrest-config';

const drillLayout: ArchivingLayout = {
  ...debianLayout,
  dataDir: '/tmp/drill/source',
  port: 57000,
  socketDir: '/tmp/drill',
  repoPath: '/tmp/drill/repo',
  logPath: '/tmp/drill/log',
  lockPath: '/tmp/drill/lock',
  configPath: '/tmp/drill/pgbackrest.conf',
  s3Example: false,
};

/** The settings of an INI text: section → name → value, comments and blank lines left out. */
function ini(text: string): Record<string, Record<string, string>> {
  const sections: Record<string, Record<string, string>> = {};
  let current = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = section[1]!;
      sections[current] = {};
      continue;
    }
    const [name, ...value] = line.split('=');
    sections[current]![name!] = value.join('=');
  }
  return sections;
}

describe('pgBackRest configuration', () => {
  it('points the stanza at the data directory and the repository at its path, with retention', () => {
    const config = ini(renderPgBackRestConfig(drillLayout));
    expect(config.global).toMatchObject({
      'repo1-path': '/tmp/drill/repo',
      'repo1-retention-full': '2',
      'repo1-retention-diff': '6',
      'log-path': '/tmp/drill/log',
      'lock-path': '/tmp/drill/lock',
      'start-fast': 'y',
    });
    expect(config.festival).toEqual({
      'pg1-path': '/tmp/drill/source',
      'pg1-port': '57000',
      'pg1-socket-path': '/tmp/drill',
    });
  });

  it('shows the S3 repository only as comments, so the local one stays in force', () => {
    const text = renderPgBackRestConfig(debianLayout);
    expect(text).toContain('# repo1-type=s3');
    expect(text).toContain('# repo1-s3-bucket=');
    expect(ini(text).global!['repo1-type']).toBeUndefined();
    expect(renderPgBackRestConfig(drillLayout)).not.toContain('s3');
  });

  it('names a configuration file in the archive command only when it is not the default one', () => {
    expect(archiveCommand(debianLayout)).toBe('pgbackrest --stanza=festival archive-push %p');
    expect(archiveCommand(drillLayout)).toBe(
      'pgbackrest --config=/tmp/drill/pgbackrest.conf --stanza=festival archive-push %p',
    );
  });

  it('gives PostgreSQL the settings archiving needs, the command quoted as one setting', () => {
    const settings = Object.fromEntries(
      renderPostgresArchiving(drillLayout)
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(' = ') as [string, string]),
    );
    expect(settings).toEqual({
      wal_level: 'replica',
      archive_mode: 'on',
      archive_command: `'${archiveCommand(drillLayout)}'`,
      archive_timeout: '60',
      track_commit_timestamp: 'on',
    });
  });

  it('refuses paths that would need quoting, relative paths and odd stanza names', () => {
    expect(() => renderPgBackRestConfig({ ...drillLayout, repoPath: '/tmp/my repo' })).toThrow(/spaces/);
    expect(() => renderPgBackRestConfig({ ...drillLayout, dataDir: "/tmp/it's" })).toThrow(/quotes/);
    expect(() => archiveCommand({ ...drillLayout, configPath: 'pgbackrest.conf' })).toThrow(/absolute/);
    expect(() => renderPgBackRestConfig({ ...drillLayout, stanza: 'fest ival' })).toThrow(/stanza/);
    expect(() => renderPgBackRestConfig({ ...drillLayout, retentionFull: 0 })).toThrow(/retentionFull/);
  });

  it('keeps the committed examples under deploy/pgbackrest equal to the rendering', () => {
    for (const { file, content } of exampleFiles()) {
      expect(fs.readFileSync(path.join('deploy', 'pgbackrest', file), 'utf8'), file).toBe(content);
    }
  });

  it('schedules a weekly full and nightly differential backups of the stanza', () => {
    const files = Object.fromEntries(exampleFiles().map(({ file, content }) => [file, content]));
    expect(files['pgbackrest-backup@.service']).toContain(
      'ExecStart=/usr/bin/pgbackrest --stanza=festival --type=%i backup',
    );
    expect(files['pgbackrest-full.timer']).toContain('Unit=pgbackrest-backup@full.service');
    expect(files['pgbackrest-diff.timer']).toContain('Unit=pgbackrest-backup@diff.service');
    expect(files['pgbackrest-full.timer']).toMatch(/OnCalendar=Sun /);
    expect(files['pgbackrest-diff.timer']).toMatch(/OnCalendar=Mon\.\.Sat /);
  });
});
