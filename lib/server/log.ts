import 'server-only';
import pino from 'pino';
import { env } from '@/lib/server/env';

/** JSON-lines logger for the server. */
export const logger = pino({ level: env().LOG_LEVEL, base: { app: 'festival-site' } });
