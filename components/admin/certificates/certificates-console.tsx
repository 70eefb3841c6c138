'use client';

import { useEffect, useState } from 'react';
import { actionButtonClass, dangerButtonClass, primaryButtonClass } from '@/components/admin/ui/buttons';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api, messageOf, type ApiAnswer } from '@/lib/api-client';
import { countOf } from '@/lib/plural';
import {
  certificatePath,
  type ParticipationProof,
  type PublicCertificate,
} from '@/lib/schemas/certificate-rules';

interface CertificateEvent {
  id: number;
  name: string;
  categoryName: string;
  participationProof: ParticipationProof;
  resultsPublished: boolean;
}

interface Overview {
  eligible: number;
  toIssue: number;
  issuedCount: number;
  sample: { recipientName: string; college: string; title: string }[];
  issued: PublicCertificate[];
}

interface Loaded {
  overview: Overview | null;
  problem: string;
}

function fetchOverview(target: Target): Promise<Loaded> {
  return api.get<Overview>(`/api/admin/certificates?${query(target)}`).then(
    (answer) => ({ overview: answer.data, problem: '' }),
    (error: unknown) => ({
      overview: null,
      problem: messageOf(error, 'The certificates could not be loaded.'),
    }),
  );
}

type Target = { kind: 'participation' | 'merit'; eventId: number } | { kind: 'team' | 'volunteer' };

const selectClass = 'min-h-11 w-full rounded border border-gold/40 bg-ink px-2 text-parchment';
const sectionClass = 'mt-6 rounded-lg border border-white/10 p-4';

/** The target as the select's value ("participation:3", "team") and back. */
const targetValue = (t: Target) => ('eventId' in t ? `${t.kind}:${t.eventId}` : t.kind);
function targetOf(value: string): Target {
  const [kind, id] = value.split(':');
  return kind === 'team' || kind === 'volunteer'
    ? { kind }
    : { kind: kind as 'participation' | 'merit', eventId: Number(id) };
}
const query = (t: Target) =>
  new URLSearchParams(Object.entries(t).map(([k, v]) => [k, String(v)])).toString();

/** Choose what to certify, see who is eligible, preview, issue, and revoke or replace what was issued. */
export function CertificatesConsole({ events }: { events: CertificateEvent[] }) {
  const [target, setTarget] = useState<Target>(() =>
    events[0] ? { kind: 'participation', eventId: events[0].id } : { kind: 'team' },
  );
  const [{ overview, problem }, setLoaded] = useState<Loaded>({ overview: null, problem: '' });
  // Raised after each write, so the counts and the list are read again.
  const [version, setVersion] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const { write, busy } = useConsoleWrite();
  const event = 'eventId' in target ? events.find((e) => e.id === target.eventId) : undefined;

  useEffect(() => {
    let current = true;
    void fetchOverview(target).then((loaded) => {
      if (current) setLoaded(loaded);
    });
    return () => {
      current = false;
    };
  }, [target, version]);

  async function act(send: () => Promise<ApiAnswer<unknown>>, fallback: string) {
    const result = await write(send, fallback);
    if (result.ok) setVersion((v) => v + 1);
    return result;
  }

  return (
    <>
      <section aria-labelledby="target-heading" className={sectionClass}>
        <h2 id="target-heading" className="font-display text-2xl text-gold">
          What to certify
        </h2>
        <label className="mt-3 block">
          <span className="font-semibold">Certificates for</span>
          <select
            className={selectClass}
            value={targetValue(target)}
            onChange={(e) => {
              setConfirming(false);
              setTarget(targetOf(e.target.value));
            }}
          >
            {events.map((e) => (
              <option key={`p${e.id}`} value={`participation:${e.id}`}>
                Participation: {e.name} ({e.categoryName})
              </option>
            ))}
            {events
              .filter((e) => e.resultsPublished)
              .map((e) => (
                <option key={`m${e.id}`} value={`merit:${e.id}`}>
                  Merit: {e.name} ({e.categoryName})
                </option>
              ))}
            <option value="team">Festival team (organisers)</option>
            <option value="volunteer">Volunteers</option>
          </select>
        </label>
        {event && target.kind === 'participation' ? (
          <label className="mt-3 block">
            <span className="font-semibold">Who took part in {event.name}</span>
            <select
              className={selectClass}
              value={event.participationProof}
              disabled={busy}
              onChange={(e) =>
                void act(
                  () =>
                    api.post('/api/admin/certificates/proof', {
                      eventId: event.id,
                      proof: e.target.value,
                    }),
                  'The choice could not be saved.',
                )
              }
            >
              <option value="attendance">Members marked present at a session</option>
              <option value="registration">
                Every member of a confirmed registration (no attendance taken)
              </option>
            </select>
          </label>
        ) : null}
      </section>

      <section aria-labelledby="issue-heading" className={sectionClass} aria-live="polite">
        <h2 id="issue-heading" className="font-display text-2xl text-gold">
          Issue
        </h2>
        {problem ? <p className="mt-2 text-red-300">{problem}</p> : null}
        {overview ? (
          <>
            <p className="mt-2" data-testid="certificate-counts">
              {countOf(overview.eligible, 'person', 'people')} eligible, {overview.issuedCount} issued,{' '}
              {overview.toIssue} to issue.
            </p>
            {overview.sample.length > 0 ? (
              <p className="mt-1 text-sm text-parchment/70">
                For example: {overview.sample[0]!.recipientName}, “{overview.sample[0]!.title}”.
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-3">
              <a
                className={actionButtonClass}
                href={`/api/admin/certificates/preview?${query(target)}`}
                target="_blank"
                rel="noreferrer"
              >
                Preview a sample (PDF)
              </a>
              {confirming ? (
                <span role="group" aria-label="Confirm issuing" className="flex flex-wrap items-center gap-3">
                  <span>Issue {countOf(overview.toIssue, 'certificate')} and mail each person once?</span>
                  <button
                    type="button"
                    className={primaryButtonClass}
                    disabled={busy}
                    onClick={() =>
                      void act(
                        () => api.post('/api/admin/certificates/issue', target),
                        'The certificates could not be issued.',
                      ).then(() => setConfirming(false))
                    }
                  >
                    Yes, issue
                  </button>
                  <button type="button" className={actionButtonClass} onClick={() => setConfirming(false)}>
                    Cancel
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className={primaryButtonClass}
                  disabled={overview.toIssue === 0}
                  onClick={() => setConfirming(true)}
                >
                  Issue certificates
                </button>
              )}
            </div>
          </>
        ) : null}
      </section>

      {overview && overview.issued.length > 0 ? (
        <section aria-labelledby="issued-heading" className={sectionClass}>
          <h2 id="issued-heading" className="font-display text-2xl text-gold">
            Issued
          </h2>
          <ul aria-label="Issued certificates" className="mt-3 divide-y divide-white/10">
            {overview.issued.map((c) => (
              <IssuedRow key={c.id} certificate={c} busy={busy} act={act} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function IssuedRow({
  certificate: c,
  busy,
  act,
}: {
  certificate: PublicCertificate;
  busy: boolean;
  act: (send: () => Promise<ApiAnswer<unknown>>, fallback: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  return (
    <li className="flex flex-col gap-2 py-3">
      <span>
        <a href={certificatePath(c.id)} className="underline" target="_blank" rel="noreferrer">
          {c.recipientName}
        </a>{' '}
        <span className="text-parchment/70">({c.college})</span>
        {c.status === 'valid' ? null : (
          <span className="ml-2 text-sm uppercase text-red-300">{c.status}</span>
        )}
      </span>
      {c.status === 'valid' ? (
        <span className="flex flex-wrap items-center gap-2">
          <label className="flex-1">
            <span className="sr-only">Reason to revoke the certificate of {c.recipientName}</span>
            <input
              className="min-h-11 w-full rounded border border-gold/40 bg-ink px-2 text-parchment"
              placeholder="Reason to revoke"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          <button
            type="button"
            className={dangerButtonClass}
            disabled={busy}
            onClick={() =>
              void act(
                () => api.post('/api/admin/certificates/revoke', { id: c.id, reason }),
                'The certificate could not be revoked.',
              )
            }
          >
            Revoke
          </button>
          <button
            type="button"
            className={actionButtonClass}
            disabled={busy}
            onClick={() =>
              void act(
                () => api.post('/api/admin/certificates/replace', { id: c.id }),
                'The certificate could not be replaced.',
              )
            }
          >
            Replace (current name)
          </button>
        </span>
      ) : null}
    </li>
  );
}
