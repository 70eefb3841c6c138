/**
 * sessionStorage key that remembers the home splash was shown in this browser session. Tests set it with
 * `page.addInitScript` to skip the splash; keep this module free of imports so they can load it directly.
 */
export const splashSeenKey = 'aetherfest:splash-seen';
