// GET /api/my-timetable/calendar: the signed-in participant's sessions as one calendar file (download)
import { apiRoute } from '@/lib/server/http/handler';
import { timetableCalendar } from '@/lib/server/mail/timetable-mails';
import { participantTimetable } from '@/lib/server/services/timetable';
import { festival } from '@/lib/festival';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => {
  const sessions = await participantTimetable(db, user.id);
  return new Response(timetableCalendar(sessions), {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${festival.name.toLowerCase()}-${festival.year}-timetable.ics"`,
      'cache-control': 'private, no-store',
    },
  });
});
