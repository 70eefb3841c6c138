/*
 * The certificates' part that needs no zod: the kinds, what anyone may see of one, and where it lives. The
 * profile and the verify page import it without loading zod with the page; the console's payload schemas
 * are in ./certificates.ts.
 */

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
