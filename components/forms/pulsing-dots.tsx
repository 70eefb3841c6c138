/** Three dots pulsing one after another: the reset screen's pending indicator. */
export function PulsingDots() {
  return (
    <span aria-hidden="true" className="inline-flex items-center gap-1.5" data-testid="pulsing-dots">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="h-2.5 w-2.5 animate-pulse rounded-full bg-current"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
