'use client';

import type { ScanInput, SessionRoster } from '@/lib/schemas/attendance';

/*
 * The volunteer's phone's own copy of what it needs without signal, in IndexedDB (no library: two object
 * stores and a handful of calls). `rosters` keeps each session's roster as last loaded, so a scanned code
 * can still be put to a name; `queue` keeps the scans not yet sent, each under the scanId the phone gave
 * it, so a reload loses nothing and a batch sent twice is recognised by the server.
 */

const databaseName = 'aetherfest-attendance';
const version = 1;

export interface QueuedScan extends ScanInput {
  /** The name the roster gave the scanned pass, or null when it was not on the roster. */
  name: string | null;
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(databaseName, version);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('rosters')) db.createObjectStore('rosters');
      if (!db.objectStoreNames.contains('queue')) db.createObjectStore('queue', { keyPath: 'scanId' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function run<T>(
  store: 'rosters' | 'queue',
  mode: IDBTransactionMode,
  act: (s: IDBObjectStore) => IDBRequest<T> | void,
) {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const transaction = db.transaction(store, mode);
        const request = act(transaction.objectStore(store));
        transaction.oncomplete = () => resolve(request ? request.result : undefined);
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

export async function saveRoster(roster: SessionRoster): Promise<void> {
  await run('rosters', 'readwrite', (s) => s.put(roster, roster.session.id));
}

export async function loadRoster(sessionId: number): Promise<SessionRoster | null> {
  return (
    ((await run<SessionRoster>('rosters', 'readonly', (s) => s.get(sessionId))) as
      SessionRoster | undefined) ?? null
  );
}

export async function queueScan(scan: QueuedScan): Promise<void> {
  await run('queue', 'readwrite', (s) => s.put(scan));
}

/** The scans of a session still waiting to be sent, oldest first. */
export async function queuedScans(sessionId: number): Promise<QueuedScan[]> {
  const all = ((await run<QueuedScan[]>(
    'queue',
    'readonly',
    (s) => s.getAll() as IDBRequest<QueuedScan[]>,
  )) ?? []) as QueuedScan[];
  return all
    .filter((scan) => scan.sessionId === sessionId)
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function dropQueued(scanIds: readonly string[]): Promise<void> {
  if (scanIds.length === 0) return;
  await run('queue', 'readwrite', (s) => {
    for (const id of scanIds) s.delete(id);
  });
}

/**
 * Logout: the rosters (participants' names, colleges and pass ids) leave the phone with the volunteer. The
 * queue stays: those scans were made at the venue and are sent when a volunteer next opens the session
 * online. A phone that never scanned gets no database made just to be emptied.
 */
export async function forgetRosters(): Promise<void> {
  const existing = await indexedDB.databases?.().catch(() => undefined);
  if (existing && !existing.some((d) => d.name === databaseName)) return;
  await run('rosters', 'readwrite', (s) => s.clear());
}
