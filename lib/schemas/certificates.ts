import { z } from 'zod';

/**
 * The certificates' kinds, declared once: the database's check, the console's choices and the public
 * page's wording all read this list.
 * - participation: a member of an event who took part (see `participationProofs`);
 * - merit: a placing or a special mention in an event's published results;
 * - team: the festival's own organisers;
 * - volunteer: the festival's volunteers.
 */
export const certificateKinds = ['participation', 'merit', 'team', 'volunteer'] as const;
export type CertificateKind = (typeof certificateKinds)[number];

/**
 * What makes a member a participant of an event, chosen by its organisers: being marked present at one or
 * more of its sessions, or (for an event that took no attendance) a confirmed registration.
 */
export const participationProofs = ['attendance', 'registration'] as const;
export type ParticipationProof = (typeof participationProofs)[number];

/** An event's id as the console sends it: a whole number the database's integer column can hold. */
const eventId = z.coerce
  .number('Choose an event.')
  .int('Choose an event.')
  .positive('Choose an event.')
  .max(2_147_483_647, 'Choose an event.');

/** The console's choice of what to issue: an event's participation or merit, the team, or the volunteers. */
export const certificateTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['participation', 'merit']), eventId }),
  z.object({ kind: z.enum(['team', 'volunteer']) }),
]);

export const certificateRevokeSchema = z.object({
  id: z.string().trim().min(1, 'Which certificate?'),
  reason: z.string().trim().min(3, 'Give a reason (it is shown on the public page).').max(300),
});

export const certificateReplaceSchema = z.object({ id: z.string().trim().min(1, 'Which certificate?') });

export const participationProofSchema = z.object({
  eventId,
  proof: z.enum(participationProofs),
});

/** What anyone holding a certificate's id may see (the verify page, the API, the profile): never an e-mail. */
export interface PublicCertificate {
  id: string;
  kind: CertificateKind;
  recipientName: string;
  college: string;
  title: string;
  eventName: string | null;
  issuedAt: string;
  status: 'valid' | 'revoked' | 'replaced';
  revokedAt?: string;
  revokedReason?: string;
  replacedBy?: string;
}

/** Where a certificate is verified and downloaded, on this site. */
export const certificatePath = (id: string) => `/certificates/${id}`;
export const certificatePdfPath = (id: string) => `/api/certificates/${id}/pdf`;
