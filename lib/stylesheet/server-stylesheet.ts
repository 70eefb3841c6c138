import 'server-only';
import { stylesheetGlobal } from './stylesheet-global';
import { siteStylesheet } from './compiled/site-stylesheet';

/**
 * Hands the compiled stylesheet (scripts/build-stylesheet.ts) to the server's render of
 * components/layout/inline-stylesheet.tsx, without a prop: a prop would put the text into the RSC payload.
 * The root layout imports this module, so the global is set before any page renders in this process.
 */
(globalThis as Record<string, unknown>)[stylesheetGlobal] = siteStylesheet;

export { siteStylesheet };
