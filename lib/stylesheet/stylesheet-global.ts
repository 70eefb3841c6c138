/**
 * The global through which the server's render of components/layout/inline-stylesheet.tsx gets the
 * stylesheet's text from lib/stylesheet/server-stylesheet.ts (a prop would put it into the RSC payload).
 */
export const stylesheetGlobal = '__festivalStylesheet';
