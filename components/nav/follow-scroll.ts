/**
 * Calls `apply` now and then at most once per frame while the page scrolls (a passive listener); answers
 * the function that stops it. The header's scroll effects share it so each is one line of what it does.
 */
export function followScroll(apply: () => void): () => void {
  let frame = 0;
  const run = () => {
    frame = 0;
    apply();
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(run);
  };
  apply();
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    if (frame) cancelAnimationFrame(frame);
  };
}
