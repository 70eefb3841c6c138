/** sessionStorage key set once the splash has been shown (or skipped) in this browser session. */
export const splashSeenKey = 'aetherfest:splash-seen';
export const splashDurationMs = 10_000;
