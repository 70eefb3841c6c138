import { z } from 'zod';
import { emailSchema, otpSchema, registerPayloadSchema } from './auth';

/*
 * A participant correcting their own details from the profile (docs/own-changes.md). The rules for each
 * field are the sign-up form's (SPEC.md part 5), taken from its schema rather than written again, so a
 * corrected name or phone obeys exactly what a new account's does.
 */

const signUp = registerPayloadSchema.shape;

/** PATCH /api/my-details: any of the four; the ones left out stay as they are. */
export const myDetailsSchema = z
  .object({
    firstName: signUp.first_name.optional(),
    lastName: signUp.last_name.optional(),
    phone: signUp.phone_number.optional(),
    college: signUp.Clg.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'Nothing to change: give a first name, last name, phone number or college.',
  });
export type MyDetailsInput = z.infer<typeof myDetailsSchema>;

/** The fields a details change may touch, as the API names them. */
export type DetailField = keyof MyDetailsInput;

/** POST /api/my-details/email: the new address a code is sent to. */
export const changeEmailSchema = z.object({ email: emailSchema });

/** POST /api/my-details/email/confirm: the code mailed to the new address. */
export const confirmEmailSchema = z.object({ code: otpSchema });

/** GET /api/my-details: the caller's details and what a change would offer. */
export interface MyDetails {
  firstName: string;
  lastName: string;
  phone: string;
  college: string;
  email: string;
  /** The address a code was sent to and not yet confirmed (still valid), else null. */
  pendingEmail: string | null;
  /** Current certificates printed with a name or college that is no longer the caller's. */
  certificatesToReplace: number;
}

/** PATCH /api/my-details answer. */
export interface DetailsOutcome {
  /** The fields this request changed; empty for a repeat (a double tap changes once). */
  changed: DetailField[];
  details: MyDetails;
  certificatesToReplace: number;
}

/** POST /api/my-details/email/confirm answer: the new address and a token that carries it. */
export interface EmailChangeOutcome {
  email: string;
  /** The caller's new session token; every token issued before (with the old address) stops working. */
  token: string;
}

/** POST /api/my-details/replace-certificates answer. */
export interface ReplacedCertificates {
  /** Old id → new id, for each certificate replaced by this request (none for a repeat). */
  replaced: { oldId: string; newId: string }[];
}
