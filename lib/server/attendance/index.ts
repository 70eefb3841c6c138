import 'server-only';

/** Attendance per session: scans (one, or a phone's offline batch), undo, rosters, counts and the CSV. */
export { recordBatch, recordScan } from './scan';
export { undoAttendance, undoTooLateMessage } from './undo';
export { sessionRoster } from './roster';
export { listAttendanceSessions } from './sessions';
export { exportAttendance } from './export';
