import type { RegistrationOverlapWarning } from '@/lib/schemas/event-registration';

/**
 * "Heads up: ana@example.com is registered for Robo Wars (Finals), Day 2, Sun, 21 Feb, 10:00–12:00, which
 * overlaps Quiz (Round 1)." ("you are" for the leader's own.)
 */
export function overlapWarningText(warning: RegistrationOverlapWarning, leaderEmail: string): string {
  const who =
    warning.email.toLowerCase() === leaderEmail.trim().toLowerCase() ? 'you are' : `${warning.email} is`;
  return `Heads up: ${who} registered for ${warning.otherSession}, ${warning.otherWhen}, which overlaps ${warning.session}.`;
}

/**
 * The polite note near the submit button when the event clashes with another one of the team's. It never
 * blocks anything. The live region is always in the page, so a warning that arrives is read out.
 */
export function OverlapNotice({
  warnings,
  leaderEmail,
}: {
  warnings: readonly RegistrationOverlapWarning[];
  leaderEmail: string;
}) {
  const lines = [...new Set(warnings.map((w) => overlapWarningText(w, leaderEmail)))];
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
