import { z } from 'zod';
import { singleLine } from './plain-text';

/**
 * Festival passes and gate check-in: the check-in payload (shared by the console form and the route
 * handler) and the answers of GET /api/my-pass and POST /api/admin/check-in.
 */

export const checkInSchema = z.object({
  code: z
    .string('Please scan a pass or type its code.')
    .trim()
    .min(1, 'Please scan a pass or type its code.')
    .max(200, 'This pass is not valid.')
    .check(singleLine('The pass code')),
});

export type CheckInInput = z.infer<typeof checkInSchema>;

/** POST /api/admin/passes/revocation: withdraw a pass (lost, passed on) or give it back. */
export const passRevocationSchema = checkInSchema.extend({
  revoked: z.boolean('Say whether the pass is revoked (true) or restored (false).'),
});

export type PassRevocationInput = z.infer<typeof passRevocationSchema>;

export interface PassEvent {
  eventName: string;
  categoryName: string;
  teamName: string | null;
}

export interface PassAccommodation {
  type: string;
  /** ISO date of the first night. */
  startDate: string;
  /** ISO date of check-out. */
  endDate: string;
  nights: number;
}

/** valid: holder has a live registration or booking; cancelled: none left; revoked: withdrawn by hand. */
export type PassStatus = 'valid' | 'cancelled' | 'revoked';

export interface PassHolderDetails {
  name: string;
  college: string;
  events: PassEvent[];
  accommodation: PassAccommodation | null;
}

export interface MyPass extends PassHolderDetails {
  /** The typed form: 8 groups of 5 characters. */
  code: string;
  /** The QR code as an SVG document, drawn on the server. */
  qrSvg: string;
  status: PassStatus;
}

export type CheckInStatus = 'checked_in' | 'already_checked_in';

export interface CheckInResult extends PassHolderDetails {
  status: CheckInStatus;
  email: string;
  /** ISO date (India time) the check-in counts for. */
  festivalDay: string;
  /** When the pass was checked in today (now, or the earlier scan). */
  checkedInAt: string;
  /** Who checked it in (the earlier organiser when already used); null when that account is gone. */
  checkedInBy: { name: string; email: string } | null;
}
