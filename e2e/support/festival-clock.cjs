/*
 * Loaded into the festival-day e2e server (`node --require`, playwright.config.ts): the process's clock
 * starts at FESTIVAL_CLOCK (an ISO instant) and runs on from there, so a journey can meet what only
 * happens on the festival's days (a session starting in twenty minutes) though the run is months before.
 * Everything in the process reads the same shifted time: the server's code, the tokens it signs and
 * checks, and the embedded PostgreSQL's now(). Test support only: nothing of the site reads it.
 */
const start = process.env.FESTIVAL_CLOCK;
if (start) {
  const offset = Date.parse(start) - Date.now();
  if (Number.isNaN(offset)) throw new Error(`FESTIVAL_CLOCK is not a date: ${start}`);
  const RealDate = Date;
  const shiftedNow = () => RealDate.now() + offset;
  // A proxy, not a subclass: whatever copies Date's own statics (UTC, parse) still finds them all.
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [shiftedNow()] : args, newTarget),
    // Date() called as a function answers the present as text.
    apply: () => new RealDate(shiftedNow()).toString(),
    get: (target, property, receiver) =>
      property === 'now' ? shiftedNow : Reflect.get(target, property, receiver),
  });
}
