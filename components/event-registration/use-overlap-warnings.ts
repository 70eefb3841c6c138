'use client';

import { useEffect, useRef, useState } from 'react';
import { basicEmailPattern } from '@/lib/schemas/auth-rules';
import type { RegistrationOverlapWarning } from '@/lib/schemas/event-registration';
import { checkOverlaps } from './registration-api';

/** How long the list of e-mails must stay unchanged before it is asked about (typing goes on otherwise). */
const settleMs = 700;

/** The well-formed addresses among the leader's and the teammates', lower case, each once, leader first. */
export function addressesToCheck(leaderEmail: string, teammates: readonly string[]): string[] {
  const all = [leaderEmail, ...teammates].map((e) => e.trim().toLowerCase());
  return [...new Set(all.filter((e) => basicEmailPattern.test(e)))];
}

/**
 * The registration screen's overlap warnings for the team as it stands. The leader alone is asked about
 * at once; each teammate's address once it is well formed and has stayed so for a moment. Every address is
 * asked about once per visit (the answers are kept by address), and a removed teammate's warnings go away
 * without a call. A failed call only means no warning: it is never a reason to stop anyone registering.
 */
export function useOverlapWarnings(
  eventId: number,
  leaderEmail: string,
  teammates: readonly string[],
): RegistrationOverlapWarning[] {
  const [known, setKnown] = useState<ReadonlyMap<string, RegistrationOverlapWarning[]>>(() => new Map());
  // Addresses asked about or being asked about; a failed call gives its addresses back.
  const asked = useRef(new Set<string>());
  const wanted = addressesToCheck(leaderEmail, teammates);
  const key = wanted.join('\n');

  useEffect(() => {
    if (key === '') return;
    const addresses = key.split('\n');
    const missing = addresses.filter((email) => !asked.current.has(email));
    if (missing.length === 0) return;
    const leader = addresses[0];
    const first = asked.current.size === 0;
    const timer = setTimeout(
      () => {
        missing.forEach((email) => asked.current.add(email));
        checkOverlaps(
          eventId,
          missing.filter((email) => email !== leader),
        )
          .then((answer) => {
            setKnown((previous) => {
              const next = new Map(previous);
              // The caller is always in the answer: their entry is refreshed by every call.
              for (const email of new Set([...missing, ...(leader ? [leader] : [])])) {
                next.set(
                  email,
                  answer.data.filter((w) => w.email.toLowerCase() === email),
                );
              }
              return next;
            });
          })
          .catch(() => missing.forEach((email) => asked.current.delete(email)));
      },
      first ? 0 : settleMs,
    );
    return () => clearTimeout(timer);
  }, [eventId, key]);

  return wanted.flatMap((email) => known.get(email) ?? []);
}
