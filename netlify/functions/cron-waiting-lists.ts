// Netlify's scheduled run of /api/cron/waiting-lists (vercel.json's cron of the same path and schedule).
import { callCron } from '../call-cron';

export default function cronWaitingLists() {
  return callCron('/api/cron/waiting-lists');
}

export const config = { schedule: '*/5 * * * *' };
