import 'server-only';
import { logger } from './log';

/**
 * What a signed-in page renders with when the server can read it now, or null: then the page's screen loads
 * it in the browser, with its own loader, message and "Try again", as it would without the server's copy.
 * A database that is down for a moment must not turn a shop into an error page.
 */
export async function readForPage<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    logger.warn({ err: error, what }, 'page data not read on the server: the browser loads it');
    return null;
  }
}
