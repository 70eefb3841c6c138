'use client';

import { useState } from 'react';
import { actionButtonClass, dangerButtonClass, primaryButtonClass } from '@/components/admin/ui/buttons';
import { useConsoleWrite } from '@/components/admin/ui/use-console-write';
import { api } from '@/lib/api-client';
import { festival } from '@/lib/festival';
import { countOf } from '@/lib/plural';
import { placeNames, podiumPlaces, type PodiumPlace, type ResultsDraft } from '@/lib/schemas/results';
import { sessionWhen } from '@/lib/timetable';

const sectionClass = 'mt-8 rounded-lg border border-white/10 p-4';
const h2Class = 'font-display text-2xl text-gold';
const selectClass = 'min-h-11 w-full rounded border border-gold/40 bg-ink px-2 text-parchment';

/**
 * One event's results: who goes through from each round, the placings, and publishing. Each part saves on
 * its own (a draft); publishing shows the placings on the public pages and mails those who go through.
 */
export function ResultsEditor({ draft }: { draft: ResultsDraft }) {
  const base = `/api/admin/results/${draft.event.id}`;
  return (
    <>
      <PublishPanel draft={draft} base={base} />
      {draft.entries.length === 0 ? (
        <p className="mt-6">No confirmed registrations yet: results are recorded for registered entries.</p>
      ) : (
        <>
          {draft.rounds.map((round, index) => (
            <RoundOutcome key={round.sessionId} draft={draft} base={base} index={index} />
          ))}
          <Placings draft={draft} base={base} />
        </>
      )}
    </>
  );
}

function PublishPanel({ draft, base }: { draft: ResultsDraft; base: string }) {
  const { write, busy } = useConsoleWrite();
  const [confirming, setConfirming] = useState(false);
  const toMail = draft.rounds.reduce((sum, r) => sum + r.unmailed, 0);
  return (
    <section aria-labelledby="publish-heading" className={sectionClass}>
      <h2 id="publish-heading" className={h2Class}>
        Publish
      </h2>
      <p className="mt-2">
        {draft.published
          ? `Published on ${new Date(draft.published.at).toLocaleString('en-IN', { timeZone: festival.timeZone })}. Changes saved since then show after you publish again.`
          : 'Not published: nothing of these results is public yet.'}
      </p>
      {confirming ? (
        <div className="mt-3 flex flex-wrap items-center gap-3" role="group" aria-label="Confirm publishing">
          <p>
            Publish the placings as saved? {countOf(toMail, 'person', 'people')} going through from a round
            will be mailed.
          </p>
          <button
            type="button"
            className={primaryButtonClass}
            disabled={busy}
            onClick={() =>
              void write(() => api.post(`${base}/publish`), 'The results could not be published.').then(() =>
                setConfirming(false),
              )
            }
          >
            Yes, publish
          </button>
          <button type="button" className={actionButtonClass} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className={primaryButtonClass} onClick={() => setConfirming(true)}>
            Publish results
          </button>
          {draft.published ? (
            <button
              type="button"
              className={dangerButtonClass}
              disabled={busy}
              onClick={() =>
                void write(() => api.delete(`${base}/publish`), 'The results could not be taken down.')
              }
            >
              Take off the public pages
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}

function RoundOutcome({ draft, base, index }: { draft: ResultsDraft; base: string; index: number }) {
  const round = draft.rounds[index]!;
  const previous = index > 0 ? draft.rounds[index - 1] : undefined;
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(round.advancing));
  const { write, busy } = useConsoleWrite();
  const headingId = `round-${round.sessionId}-heading`;

  function toggle(id: string, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className={h2Class}>
        {round.name}
      </h2>
      <p className="text-sm text-parchment/70">
        {sessionWhen(round)}, {round.venueName}
      </p>
      <fieldset className="mt-3">
        <legend className="font-semibold">Who goes through from {round.name}</legend>
        <ul className="mt-2 space-y-1">
          {draft.entries.map((entry) => {
            const fromPrevious = previous?.advancing.includes(entry.registrationId);
            return (
              <li key={entry.registrationId}>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={chosen.has(entry.registrationId)}
                    onChange={(e) => toggle(entry.registrationId, e.target.checked)}
                  />
                  <span>
                    {entry.name} <span className="text-parchment/60">({entry.college})</span>
                    {fromPrevious ? (
                      <span className="ml-2 text-xs uppercase text-gold">through {previous!.name}</span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <button
        type="button"
        className={`${actionButtonClass} mt-3`}
        disabled={busy}
        onClick={() =>
          void write(
            () => api.put(`${base}/rounds/${round.sessionId}`, { registrationIds: [...chosen] }),
            'The round could not be saved.',
          )
        }
      >
        Save {round.name}
      </button>
    </section>
  );
}

function Placings({ draft, base }: { draft: ResultsDraft; base: string }) {
  const [places, setPlaces] = useState<Record<PodiumPlace, string>>(() => {
    const initial: Record<PodiumPlace, string> = { 1: '', 2: '', 3: '' };
    for (const p of draft.places) initial[p.place] = p.registrationId;
    return initial;
  });
  const [mentions, setMentions] = useState(() => draft.mentions.map((m) => ({ ...m })));
  const { write, busy } = useConsoleWrite();
  const options = draft.entries.map((e) => (
    <option key={e.registrationId} value={e.registrationId}>
      {e.name} ({e.college})
    </option>
  ));

  function save() {
    const body = {
      places: podiumPlaces
        .filter((place) => places[place] !== '')
        .map((place) => ({ place, registrationId: places[place] })),
      mentions: mentions.filter((m) => m.registrationId !== '' || m.mention.trim() !== ''),
    };
    void write(() => api.put(`${base}/placings`, body), 'The placings could not be saved.');
  }

  return (
    <section aria-labelledby="placings-heading" className={sectionClass}>
      <h2 id="placings-heading" className={h2Class}>
        Final placings
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {podiumPlaces.map((place) => (
          <label key={place} className="block">
            <span className="font-semibold">{placeNames[place]}</span>
            <select
              className={selectClass}
              value={places[place]}
              onChange={(e) => setPlaces((current) => ({ ...current, [place]: e.target.value }))}
            >
              <option value="">Not awarded</option>
              {options}
            </select>
          </label>
        ))}
      </div>
      <h3 className="mt-5 font-semibold">Special mentions</h3>
      <ul className="mt-2 space-y-3">
        {mentions.map((mention, index) => (
          <li key={index} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
            <label>
              <span className="sr-only">Name of special mention {index + 1}</span>
              <input
                className="min-h-11 w-full rounded border border-gold/40 bg-ink px-2 text-parchment"
                placeholder="Best design"
                value={mention.mention}
                onChange={(e) =>
                  setMentions((all) =>
                    all.map((m, i) => (i === index ? { ...m, mention: e.target.value } : m)),
                  )
                }
              />
            </label>
            <label>
              <span className="sr-only">Entry of special mention {index + 1}</span>
              <select
                className={selectClass}
                value={mention.registrationId}
                onChange={(e) =>
                  setMentions((all) =>
                    all.map((m, i) => (i === index ? { ...m, registrationId: e.target.value } : m)),
                  )
                }
              >
                <option value="">Choose an entry</option>
                {options}
              </select>
            </label>
            <button
              type="button"
              className={dangerButtonClass}
              onClick={() => setMentions((all) => all.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          className={actionButtonClass}
          onClick={() => setMentions((all) => [...all, { mention: '', registrationId: '' }])}
        >
          Add a special mention
        </button>
        <button type="button" className={primaryButtonClass} disabled={busy} onClick={save}>
          Save placings
        </button>
      </div>
    </section>
  );
}
