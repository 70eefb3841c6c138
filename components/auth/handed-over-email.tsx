/**
 * The address a code went to, on a line of its own: the page renders without it (only the browser knows
 * the tab's navigation state) and fills it in after hydration, and the line keeps its room meanwhile so
 * nothing below it moves.
 */
export function HandedOverEmail({ email }: { email: string | undefined }) {
  return (
    <strong data-testid="handed-over-email" className="block min-h-[1lh] break-words text-parchment">
      {email}
    </strong>
  );
}
