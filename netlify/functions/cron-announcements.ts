// Netlify's scheduled run of /api/cron/announcements (vercel.json's cron of the same path and schedule).
import { callCron } from '../call-cron';

export default function cronAnnouncements() {
  return callCron('/api/cron/announcements');
}

export const config = { schedule: '* * * * *' };
