// Continuous archiving with pgBackRest: the one place that writes its configuration and the PostgreSQL
// settings it needs, for a given data directory and repository. The committed examples under
// deploy/pgbackrest/ are this rendering for a Debian server (tests/unit/pgbackrest-config.test.ts keeps
// them equal), and `npm run drill:restore` renders the same text for its throwaway server, so what the
// drill proves is what an operator installs.

export interface ArchivingLayout {
  /** The stanza: pgBackRest's name for one PostgreSQL cluster and its backups. */
  stanza: string;
  /** PostgreSQL's data directory (pg1-path). */
  dataDir: string;
  /** PostgreSQL's port and the directory of its Unix socket, where pgBackRest connects. */
  port: number;
  socketDir: string;
  /** The local repository: backups and archived WAL. */
  repoPath: string;
  logPath: string;
  lockPath: string;
  /** Where pgbackrest.conf itself is; the archive command names it unless it is the default one. */
  configPath: string;
  /** Full backups kept (each with the differentials and WAL that depend on it). */
  retentionFull: number;
  /** Differential backups kept. */
  retentionDiff: number;
  /** At most this long (seconds) before a quiet server's WAL is archived anyway: the worst loss on a dead disk. */
  archiveTimeout: number;
  /** Add the S3 repository settings, commented out, beside the local one (the committed example). */
  s3Example?: boolean;
}

export const defaultConfigPath = '/etc/pgbackrest/pgbackrest.conf';

/** A Debian server with PostgreSQL 15's main cluster and a local repository: the committed example. */
export const debianLayout: ArchivingLayout = {
  stanza: 'festival',
  dataDir: '/var/lib/postgresql/15/main',
  port: 5432,
  socketDir: '/var/run/postgresql',
  repoPath: '/var/lib/pgbackrest',
  logPath: '/var/log/pgbackrest',
  lockPath: '/tmp/pgbackrest',
  configPath: defaultConfigPath,
  retentionFull: 2,
  retentionDiff: 6,
  archiveTimeout: 60,
  s3Example: true,
};

/**
 * Paths go into an INI file and into a single-quoted PostgreSQL setting unquoted: anything that would need
 * quoting there is refused rather than escaped, as no sensible server path needs it.
 */
function checkLayout(layout: ArchivingLayout): void {
  if (!/^[A-Za-z0-9_-]+$/.test(layout.stanza)) {
    throw new Error(`The stanza "${layout.stanza}" may hold only letters, digits, '_' and '-'.`);
  }
  const paths = {
    dataDir: layout.dataDir,
    socketDir: layout.socketDir,
    repoPath: layout.repoPath,
    logPath: layout.logPath,
    lockPath: layout.lockPath,
    configPath: layout.configPath,
  };
  for (const [name, value] of Object.entries(paths)) {
    if (!value.startsWith('/')) throw new Error(`${name} must be an absolute path (got "${value}").`);
    if (/[\s'"\\%=#;]/.test(value)) {
      throw new Error(
        `${name} must not hold spaces, quotes, backslashes or any of % = # ; (got "${value}").`,
      );
    }
  }
  const counts = {
    port: layout.port,
    retentionFull: layout.retentionFull,
    retentionDiff: layout.retentionDiff,
    archiveTimeout: layout.archiveTimeout,
  };
  for (const [name, value] of Object.entries(counts)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number.`);
  }
}

/** pgbackrest.conf: the repository, its retention, and the stanza pointing at the data directory. */
export function renderPgBackRestConfig(layout: ArchivingLayout): string {
  checkLayout(layout);
  const lines = [
    '# pgBackRest for the festival database (docs/operations.md, "Backups and restore to a chosen minute").',
    '# Rendered by scripts/pgbackrest-config.ts; the restore drill runs the same text.',
    '',
    '[global]',
    '# The repository: full and differential backups, and every WAL segment archived since the oldest kept.',
    `repo1-path=${layout.repoPath}`,
    `repo1-retention-full=${layout.retentionFull}`,
    `repo1-retention-diff=${layout.retentionDiff}`,
  ];
  if (layout.s3Example) {
    lines.push(
      '',
      '# The repository in an S3 bucket instead (or beside it as repo2-…): comment out repo1-path above and',
      '# fill these in. With a key or a passphrase in it, this file is for postgres alone (chmod 600): PostgreSQL',
      '# runs archive-push itself, so the postgres service would otherwise need them in its environment.',
      '# repo1-type=s3',
      '# repo1-path=/festival',
      '# repo1-s3-bucket=festival-backups',
      '# repo1-s3-endpoint=s3.ap-south-1.amazonaws.com',
      '# repo1-s3-region=ap-south-1',
      '# repo1-s3-key=…',
      '# repo1-s3-key-secret=…',
      '# repo1-s3-uri-style=host',
      '# repo1-cipher-type=aes-256-cbc',
      '# repo1-cipher-pass=…',
    );
  }
  lines.push(
    '',
    '# A backup starts with an immediate checkpoint instead of waiting for the next one.',
    'start-fast=y',
    'compress-type=zst',
    'compress-level=3',
    'process-max=2',
    `log-path=${layout.logPath}`,
    `lock-path=${layout.lockPath}`,
    'log-level-console=info',
    'log-level-file=detail',
    '',
    `[${layout.stanza}]`,
    `pg1-path=${layout.dataDir}`,
    `pg1-port=${layout.port}`,
    `pg1-socket-path=${layout.socketDir}`,
    '',
  );
  return lines.join('\n');
}

/** The command PostgreSQL runs for each finished WAL segment (%p: its path). */
export function archiveCommand(layout: ArchivingLayout): string {
  checkLayout(layout);
  const config = layout.configPath === defaultConfigPath ? '' : ` --config=${layout.configPath}`;
  return `pgbackrest${config} --stanza=${layout.stanza} archive-push %p`;
}

/**
 * The PostgreSQL settings archiving needs, as a conf.d file (appended to postgresql.conf by the drill).
 * archive_mode and wal_level take effect only on a restart.
 */
export function renderPostgresArchiving(layout: ArchivingLayout): string {
  return [
    '# Continuous archiving to pgBackRest (deploy/pgbackrest/pgbackrest.conf). Rendered by',
    '# scripts/pgbackrest-config.ts. archive_mode and wal_level need a restart.',
    'wal_level = replica',
    'archive_mode = on',
    `archive_command = '${archiveCommand(layout)}'`,
    `archive_timeout = ${layout.archiveTimeout}`,
    "# Each commit keeps its time: a restore's result can be checked row by row against the target, and",
    '# pg_xact_commit_timestamp(xmin) tells when a row was last written (finding the minute of a mistake).',
    'track_commit_timestamp = on',
    '',
  ].join('\n');
}

/** One schedule: a systemd timer's OnCalendar and the backup type it starts. */
export interface BackupSchedule {
  type: 'full' | 'diff';
  onCalendar: string;
  description: string;
}

/** A full backup every Sunday night, a differential every other night; WAL is archived continuously. */
export const backupSchedules: BackupSchedule[] = [
  { type: 'full', onCalendar: 'Sun *-*-* 02:30:00', description: 'weekly full backup' },
  { type: 'diff', onCalendar: 'Mon..Sat *-*-* 02:30:00', description: 'nightly differential backup' },
];

/** pgbackrest-backup@.service: one backup of the type in the instance name (full or diff). */
export function renderBackupService(layout: ArchivingLayout): string {
  checkLayout(layout);
  const config = layout.configPath === defaultConfigPath ? '' : ` --config=${layout.configPath}`;
  return [
    '# One pgBackRest backup of the festival database; %i is its type (full or diff).',
    '# Started by pgbackrest-full.timer and pgbackrest-diff.timer. Rendered by scripts/pgbackrest-config.ts.',
    '[Unit]',
    'Description=pgBackRest %i backup of the festival database',
    'After=postgresql.service',
    '',
    '[Service]',
    'Type=oneshot',
    'User=postgres',
    'Group=postgres',
    `ExecStart=/usr/bin/pgbackrest${config} --stanza=${layout.stanza} --type=%i backup`,
    '# Then the whole chain is checked: a failing archive_command shows up in the journal each night.',
    `ExecStartPost=/usr/bin/pgbackrest${config} --stanza=${layout.stanza} check`,
    '',
  ].join('\n');
}

/** The timer of one schedule. */
export function renderBackupTimer(schedule: BackupSchedule): string {
  return [
    `# The festival database's ${schedule.description}. Rendered by scripts/pgbackrest-config.ts.`,
    '[Unit]',
    `Description=pgBackRest ${schedule.description} of the festival database`,
    '',
    '[Timer]',
    `OnCalendar=${schedule.onCalendar}`,
    '# A night the machine was off is made up for when it starts.',
    'Persistent=true',
    `Unit=pgbackrest-backup@${schedule.type}.service`,
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
  ].join('\n');
}

/** The committed examples under deploy/pgbackrest/: file name and content. */
export function exampleFiles(): { file: string; content: string }[] {
  return [
    { file: 'pgbackrest.conf', content: renderPgBackRestConfig(debianLayout) },
    { file: 'festival-archiving.conf', content: renderPostgresArchiving(debianLayout) },
    { file: 'pgbackrest-backup@.service', content: renderBackupService(debianLayout) },
    ...backupSchedules.map((schedule) => ({
      file: `pgbackrest-${schedule.type}.timer`,
      content: renderBackupTimer(schedule),
    })),
  ];
}
