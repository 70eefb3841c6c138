import { z } from 'zod';
import { dobError, genders, maxLengths } from './auth-rules';
import { singleLine } from './plain-text';

/**
 * Account payloads, shared by the forms and the route handlers. Messages are SPEC.md part 5's, verbatim.
 * The rules that need no zod live in ./auth-rules.ts.
 */

const required = 'This field is required';

const nameSchema = z
  .string(required)
  .trim()
  .min(1, required)
  .max(maxLengths.name, `Name must be at most ${maxLengths.name} characters`)
  .regex(/^[\p{L}\s-]+$/u, 'Name must contain only letters')
  .check(singleLine('Name'));

export const emailSchema = z
  .string('Invalid email address')
  .trim()
  .toLowerCase()
  .max(maxLengths.email, 'Invalid email address')
  .pipe(z.email('Invalid email address'));

const passwordSchema = z
  .string('Password must be at least 6 characters long')
  .min(6, 'Password must be at least 6 characters long')
  .max(10, 'Password must be no more than 10 characters long');

function bothStrings(value: unknown, a: string, b: string): boolean {
  const record = value as Record<string, unknown> | null;
  return typeof record?.[a] === 'string' && typeof record?.[b] === 'string';
}

/** POST /api/register: the registration fields without confirmPassword. */
export const registerPayloadSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  phone_number: z
    .string('Phone number must be 10 digits')
    .trim()
    .regex(/^\d{10}$/, 'Phone number must be 10 digits')
    .check(singleLine('Phone number')),
  DOB: z.string('Date of birth is required').superRefine((value, ctx) => {
    const message = dobError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  gender: z.enum(genders, 'Please select a gender'),
  Clg: z
    .string('College name is required')
    .trim()
    .min(1, 'College name is required')
    .max(maxLengths.college, `College name must be at most ${maxLengths.college} characters`)
    .check(singleLine('College name')),
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;

/** The registration form: the payload plus a matching confirmPassword. */
export const registerFormSchema = registerPayloadSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    // Compare as soon as both are strings, even while other fields still have errors.
    when: ({ value }) => bothStrings(value, 'password', 'confirmPassword'),
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

/** A six-digit code as typed (shared with the e-mail change's confirmation). */
export const otpSchema = z
  .string('Please enter the 6-digit code')
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code');

export const validateOtpSchema = z.object({ email: emailSchema, otp: otpSchema });

export const otpPurposes = ['verify', 'reset'] as const;
export const resendOtpSchema = z.object({
  email: emailSchema,
  purpose: z.enum(otpPurposes).default('verify'),
});

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string('Please enter your password')
    .min(1, 'Please enter your password')
    .max(maxLengths.password, `Password must be at most ${maxLengths.password} characters`),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

const newPasswordSchema = z
  .string('Password must be between 6 and 10 characters.')
  .min(6, 'Password must be between 6 and 10 characters.')
  .max(10, 'Password must be between 6 and 10 characters.');

export const resetPasswordSchema = z.object({
  email: emailSchema,
  otp: otpSchema,
  newPassword: newPasswordSchema,
});

/** The reset form: code, new password and its confirmation (the code's length is the server's to check). */
export const resetPasswordFormSchema = z
  .object({ otp: z.string(), newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
    when: ({ value }) => bothStrings(value, 'newPassword', 'confirmPassword'),
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** GET /api/my-profile/{id} answer. */
export interface Profile {
  userId: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  DOB: string;
  gender: (typeof genders)[number];
  Clg: string;
  accomodationTaken: boolean;
  registrationsDetails: { eventId: number; eventName: string; eventCategoryName: string }[];
  /** Confirmed T-shirt orders, newest first; prices in rupees. */
  merchandiseOrders: {
    id: string;
    createdAt: string;
    totalPrice: number;
    lines: { size: string; qty: number }[];
  }[];
}

/** POST /api/login answer (token at the top level, as the spec has it). */
export interface LoginAnswer {
  message: string;
  token?: string;
  data?: { first_name?: string };
}
