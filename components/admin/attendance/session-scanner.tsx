'use client';

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { TextField } from '@/components/forms/text-field';
import { api, ApiError, messageOf } from '@/lib/api-client';
import { passIdOfCode } from '@/lib/pass-code-format';
import {
  undoWindowMs,
  type ScanOutcome,
  type ScanStatus,
  type SessionRoster,
} from '@/lib/schemas/attendance';
import { keepOffline, offlineScopes } from '@/components/offline/offline-pages';
import { bringIntoView } from '../bring-into-view';
import { QrCameraView } from '../qr-camera-view';
import { useQrCamera } from '../use-qr-camera';
import { dropQueued, loadRoster, queueScan, queuedScans, saveRoster, type QueuedScan } from './offline-store';
import { newScanId } from './scan-id';
import { sessionTimes, timeInIndia } from './session-time';
import { useVisiblePolling } from './use-visible-polling';

/*
 * Taking attendance at one session on a phone. Online, each scan is sent at once and its answer shown big
 * on top. Without signal (navigator.onLine false, or the request fails for the network), the scan is kept
 * in IndexedDB under the id the phone gave it and shown as waiting, named from the roster kept there too;
 * when the phone is back online (the 'online' event, or the retry timer) the waiting scans go as one batch
 * and each takes the server's answer. The server recognises a scan sent twice by its id, and the database
 * lets one row per person per session exist, so neither a replay nor two volunteers can double count.
 */

const rosterPollMs = 10_000;
const retryMs = 15_000;
/** The server takes at most 500 scans in a batch; a longer queue goes in several. */
const batchSize = 500;

type Shown =
  | { kind: 'outcome'; outcome: ScanOutcome }
  | { kind: 'waiting'; label: string }
  | { kind: 'error'; message: string };

/** A line of the recent scans: sent (with the server's answer) or still waiting on the phone. */
interface RecentScan {
  scanId: string;
  label: string;
  status: ScanStatus | 'waiting';
  attendanceId: string | null;
  /** When the server recorded it: the undo window runs from here. */
  recordedAt: string | null;
}

const waitingLabel = (name: string | null) => `${name ?? 'Unknown pass'}: waiting to send`;

function recentOf(outcome: ScanOutcome): RecentScan {
  return {
    scanId: outcome.scanId,
    label: outcome.message,
    status: outcome.status,
    attendanceId: outcome.attendanceId,
    recordedAt: outcome.recordedAt,
  };
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export function SessionScanner({ sessionId, userId }: { sessionId: number; userId: string }) {
  const [roster, setRoster] = useState<SessionRoster | null>(null);
  const [rosterProblem, setRosterProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [recent, setRecent] = useState<RecentScan[]>([]);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [clock, setClock] = useState(() => Date.now());
  const rosterRef = useRef<SessionRoster | null>(null);
  const flushingRef = useRef(false);
  const busyRef = useRef(false);
  const resultRef = useRef<HTMLElement>(null);

  const applyRoster = useCallback((next: SessionRoster) => {
    rosterRef.current = next;
    setRoster(next);
  }, []);

  /** The roster from the server, kept on the phone for when the signal goes. */
  const refreshRoster = useCallback(async () => {
    try {
      const answer = await api.get<SessionRoster>(`/api/admin/attendance/sessions/${sessionId}`);
      applyRoster(answer.data);
      setRosterProblem(null);
      await saveRoster(answer.data).catch(() => undefined);
      // The roster is on the phone: from now on the page itself reopens without signal too.
      keepOffline(offlineScopes.attendance);
      // Scans sent from this phone earlier that the list does not show yet (after a reload).
      setRecent((current) => {
        const known = new Set(current.map((r) => r.scanId));
        const mine = answer.data.recent
          .filter((o) => o.recordedBy?.id === userId && !known.has(o.scanId))
          .map(recentOf);
        return [...current, ...mine].slice(0, 30);
      });
    } catch (error) {
      if (!isNetworkFailure(error)) setRosterProblem(messageOf(error, 'The roster could not be loaded.'));
    }
  }, [applyRoster, sessionId, userId]);

  /** Sends the waiting scans as one batch (or several of 500); each line then takes the server's answer. */
  const flush = useCallback(async () => {
    if (flushingRef.current || !navigator.onLine) return;
    flushingRef.current = true;
    try {
      let waiting = await queuedScans(sessionId);
      while (waiting.length > 0) {
        const chunk = waiting.slice(0, batchSize);
        const answer = await api.post<ScanOutcome[]>('/api/admin/attendance/batch', {
          scans: chunk.map(({ scanId, sessionId: id, code: scanned, scannedAt }) => ({
            scanId,
            sessionId: id,
            code: scanned,
            scannedAt,
          })),
        });
        await dropQueued(answer.data.map((o) => o.scanId));
        const byId = new Map(answer.data.map((o) => [o.scanId, o]));
        setRecent((current) =>
          current.map((line) => {
            const outcome = byId.get(line.scanId);
            return outcome ? recentOf(outcome) : line;
          }),
        );
        setShown((current) => {
          const last = answer.data.at(-1);
          return current?.kind === 'waiting' && last ? { kind: 'outcome', outcome: last } : current;
        });
        waiting = waiting.slice(batchSize);
      }
      await refreshRoster();
    } catch {
      // No signal after all, or the server is away: the scans stay queued for the next try.
    } finally {
      flushingRef.current = false;
    }
  }, [refreshRoster, sessionId]);

  // On opening: the roster kept on the phone first (it may be all there is), then the server's; the
  // scans still waiting from before a reload are listed and sent.
  useEffect(() => {
    let live = true;
    void (async () => {
      const kept = await loadRoster(sessionId).catch(() => null);
      if (live && kept && !rosterRef.current) applyRoster(kept);
      const waiting = await queuedScans(sessionId).catch(() => [] as QueuedScan[]);
      if (live && waiting.length > 0) {
        setRecent((current) => [
          ...waiting
            .filter((w) => !current.some((r) => r.scanId === w.scanId))
            .reverse()
            .map((w) => ({
              scanId: w.scanId,
              label: waitingLabel(w.name),
              status: 'waiting' as const,
              attendanceId: null,
              recordedAt: null,
            })),
          ...current,
        ]);
      }
      await refreshRoster();
      await flush();
    })();
    return () => {
      live = false;
    };
  }, [applyRoster, flush, refreshRoster, sessionId]);

  // Back online: send at once; and a retry timer, since the 'online' event does not always come (a
  // captive Wi-Fi, a request that failed while the phone thought it was online).
  useEffect(() => {
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void flush(), retryMs);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [flush]);

  useVisiblePolling(refreshRoster, rosterPollMs);

  // The undo buttons leave when their five minutes are over.
  useEffect(() => {
    const timer = window.setInterval(() => setClock(Date.now()), 10_000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (shown && resultRef.current) bringIntoView(resultRef.current);
  }, [shown]);

  const queueOffline = useCallback(async (scan: QueuedScan) => {
    await queueScan(scan).catch(() => undefined);
    const label = waitingLabel(scan.name);
    setShown({ kind: 'waiting', label });
    setRecent((current) => [
      { scanId: scan.scanId, label, status: 'waiting', attendanceId: null, recordedAt: null },
      ...current,
    ]);
  }, []);

  const record = useCallback(
    async (scannedCode: string) => {
      busyRef.current = true;
      const passId = passIdOfCode(scannedCode);
      const member = passId ? rosterRef.current?.members.find((m) => m.passId === passId) : undefined;
      const scan: QueuedScan = {
        scanId: newScanId(),
        sessionId,
        code: scannedCode.trim(),
        scannedAt: new Date().toISOString(),
        name: member?.name ?? null,
      };
      try {
        if (!navigator.onLine) {
          await queueOffline(scan);
          return true;
        }
        const answer = await api.post<ScanOutcome>('/api/admin/attendance', {
          scanId: scan.scanId,
          sessionId,
          code: scan.code,
          scannedAt: scan.scannedAt,
        });
        setShown({ kind: 'outcome', outcome: answer.data });
        setRecent((current) => [recentOf(answer.data), ...current].slice(0, 30));
        void refreshRoster();
        return answer.data.status === 'present' || answer.data.status === 'already_present';
      } catch (error) {
        if (isNetworkFailure(error)) {
          await queueOffline(scan);
          return true;
        }
        setShown({
          kind: 'error',
          message: messageOf(error, 'The scan could not be recorded. Please try again.'),
        });
        return false;
      } finally {
        busyRef.current = false;
      }
    },
    [queueOffline, refreshRoster, sessionId],
  );

  const qrCamera = useQrCamera(record, busyRef);

  async function submitTyped(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (code.trim() === '') {
      setCodeError('Please scan a pass or type its code.');
      return;
    }
    setCodeError(undefined);
    setSending(true);
    const accepted = await record(code);
    setSending(false);
    // A refused code stays in the field so a typo can be fixed; an accepted one clears it for the next person.
    if (accepted) setCode('');
  }

  async function undo(line: RecentScan) {
    if (line.status === 'waiting') {
      // Not sent yet: dropping it from the queue is the whole undo.
      await dropQueued([line.scanId]).catch(() => undefined);
      setRecent((current) => current.filter((r) => r.scanId !== line.scanId));
      setShown({ kind: 'error', message: `Removed: ${line.label.replace(/: waiting to send$/, '')}.` });
      return;
    }
    if (!line.attendanceId) return;
    try {
      const answer = await api.post(`/api/admin/attendance/${line.attendanceId}/undo`);
      setRecent((current) => current.filter((r) => r.scanId !== line.scanId));
      setShown({ kind: 'error', message: answer.message });
      void refreshRoster();
    } catch (error) {
      setShown({
        kind: 'error',
        message: messageOf(error, 'The scan could not be undone. Please try again.'),
      });
    }
  }

  const session = roster?.session;
  const waitingCount = recent.filter((r) => r.status === 'waiting').length;

  return (
    <div className="mt-4 flex flex-col gap-6">
      {session ? (
        <header>
          <h1 className="font-display text-2xl text-gold sm:text-3xl">
            {session.eventName}
            {session.roundName ? `: ${session.roundName}` : ''}
          </h1>
          <p className="mt-1 text-parchment/85">
            {session.venueName} · {sessionTimes(session.startsAt, session.endsAt)}
          </p>
          <p className="mt-2 text-xl font-semibold" data-testid="attendance-count">
            {session.present} / {session.registered} present
          </p>
          {waitingCount > 0 ? <p className="text-amber-200">{waitingCount} waiting to send</p> : null}
        </header>
      ) : (
        <h1 className="font-display text-2xl text-gold">{rosterProblem ?? 'Loading the session…'}</h1>
      )}

      <section ref={resultRef} aria-labelledby="answer-heading" className="scroll-mt-20">
        <h2 id="answer-heading" className="sr-only">
          Answer
        </h2>
        <div role="status" aria-live="polite" aria-atomic="true" data-testid="attendance-answer">
          <AnswerPanel shown={shown} />
        </div>
      </section>

      <section aria-labelledby="scan-heading" className={cardClass}>
        <h2 id="scan-heading" className={headingClass}>
          Scan a pass
        </h2>
        <QrCameraView camera={qrCamera} />
        <form noValidate onSubmit={(event) => void submitTyped(event)} className="mt-6 flex flex-col gap-4">
          <TextField
            label="Pass code"
            hint="The code printed under the QR code; dashes, spaces and case do not matter."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={codeError}
          />
          <SubmitButton pending={sending}>Mark present</SubmitButton>
        </form>
      </section>

      <section aria-labelledby="recent-heading" className={cardClass}>
        <h2 id="recent-heading" className={headingClass}>
          Recent scans
        </h2>
        {recent.length === 0 ? (
          <p className="mt-3 text-parchment/85">None yet from this phone.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2" aria-label="Recent scans">
            {recent.map((line) => {
              const undoable =
                line.status === 'waiting' ||
                (line.status === 'present' &&
                  line.recordedAt !== null &&
                  clock - new Date(line.recordedAt).getTime() < undoWindowMs);
              return (
                <li
                  key={line.scanId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-parchment/20 px-3 py-2"
                >
                  <span>{line.label}</span>
                  {undoable ? (
                    <button
                      type="button"
                      onClick={() => void undo(line)}
                      className="min-h-11 rounded-full border border-parchment/60 px-4 text-sm hover:bg-parchment hover:text-ink"
                    >
                      Undo
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {roster ? (
        <section aria-labelledby="roster-heading" className={cardClass}>
          <h2 id="roster-heading" className={headingClass}>
            Roster ({roster.members.length})
          </h2>
          <ul className="mt-3 flex flex-col divide-y divide-parchment/15" aria-label="Roster">
            {roster.members.map((m) => (
              <li key={m.userId} className="flex items-start justify-between gap-3 py-2">
                <span>
                  <span className="block font-semibold">{m.name}</span>
                  <span className="block text-sm text-parchment/80">
                    {m.college}
                    {m.teamName ? ` · ${m.teamName}` : ''}
                  </span>
                </span>
                <span className={m.presentSince ? 'text-emerald-300' : 'text-parchment/60'}>
                  {m.presentSince ? `Present since ${timeInIndia(m.presentSince)}` : 'Not yet'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

const look: Record<ScanStatus | 'waiting', { box: string; title: string; symbol: string }> = {
  present: { box: 'border-emerald-400 bg-emerald-950 text-emerald-50', title: 'Present', symbol: '✓' },
  already_present: {
    box: 'border-amber-400 bg-amber-950 text-amber-50',
    title: 'Already present',
    symbol: '!',
  },
  waiting: { box: 'border-sky-400 bg-sky-950 text-sky-50', title: 'Waiting to send', symbol: '…' },
  not_registered: { box: refusedBox(), title: 'Not registered', symbol: '✕' },
  cancelled: { box: refusedBox(), title: 'Registration cancelled', symbol: '✕' },
  revoked: { box: refusedBox(), title: 'Pass revoked', symbol: '✕' },
  invalid: { box: refusedBox(), title: 'Not a valid pass', symbol: '✕' },
  unknown_session: { box: refusedBox(), title: 'No such session', symbol: '✕' },
};

function refusedBox() {
  return 'border-red-400 bg-red-950 text-red-50';
}

function AnswerPanel({ shown }: { shown: Shown | null }) {
  if (!shown) {
    return (
      <div className="rounded-2xl border border-dashed border-parchment/30 p-4 text-center text-parchment/80">
        Ready: scan a pass or type its code.
      </div>
    );
  }
  if (shown.kind === 'error') {
    return <div className="rounded-2xl border-2 border-parchment/50 p-4 text-xl">{shown.message}</div>;
  }
  const status = shown.kind === 'waiting' ? 'waiting' : shown.outcome.status;
  const style = look[status];
  return (
    <div className={`rounded-2xl border-4 p-4 sm:p-6 ${style.box}`}>
      <p className="flex items-center gap-3 font-display text-3xl sm:text-4xl">
        <span aria-hidden="true" className="text-4xl sm:text-5xl">
          {style.symbol}
        </span>
        {style.title}
      </p>
      <p className="mt-3 text-xl">{shown.kind === 'waiting' ? shown.label : shown.outcome.message}</p>
      {shown.kind === 'outcome' && shown.outcome.person ? (
        <p className="mt-1 text-lg">{shown.outcome.person.college}</p>
      ) : null}
    </div>
  );
}

const cardClass = 'rounded-2xl border border-gold/30 bg-night/80 p-5 sm:p-6';
const headingClass = 'font-display text-xl text-gold';
