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
  class FestivalDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = FestivalDate;
}
