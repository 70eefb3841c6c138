import type { RegistrationOverlapWarning } from '@/lib/schemas/event-registration';

/**
 * The leader's own clash, in full: "Heads up: you are registered for Robo Wars (Finals), Day 2, Sun,
 * 21 Feb, 10:00–12:00, which overlaps Quiz (Round 1)." A teammate's says only that there is one (the
 * server tells no more): "Heads up: ana@example.com already has another session at the same time as this
 * event."
 */
export function overlapWarningText(warning: RegistrationOverlapWarning): string {
  if (warning.who === 'teammate') {
    return `Heads up: ${warning.email} already has another session at the same time as this event.`;
  }
  return `Heads up: you are registered for ${warning.otherSession}, ${warning.otherWhen}, which overlaps ${warning.session}.`;
}

/**
 * The polite note near the submit button when the event clashes with another one of the team's. It never
 * blocks anything. The live region is always in the page, so a warning that arrives is read out.
 */
export function OverlapNotice({ warnings }: { warnings: readonly RegistrationOverlapWarning[] }) {
  const lines = [...new Set(warnings.map(overlapWarningText))];
  return (
    <div role="status">
      {lines.length > 0 ? (
        <div className="rounded-xl border border-amber-400/60 bg-amber-950/40 px-4 py-3 text-amber-100">
          <ul className="flex flex-col gap-1">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-amber-100/85">
            You can still register: this is only a reminder to plan your day.
          </p>
        </div>
      ) : null}
    </div>
  );
}
