/**
 * The global through which the server's render of components/layout/inline-stylesheet.tsx gets the
 * stylesheet for its page from lib/stylesheet/server-stylesheet.ts (a prop would put the text into the RSC
 * payload).
 */
export const stylesheetGlobal = '__festivalStylesheet';

/** What the global holds: the stylesheet text for a page's pathname. */
export type StylesheetForPath = (pathname: string) => string;
