import 'server-only';
import { hashPassword } from '@/lib/server/auth/passwords';
import type { Db } from './client';
import { inArray } from 'drizzle-orm';
import { users } from './schema';

/**
 * The organiser account a newcomer signs in with on the embedded defaults (README). Created only outside
 * production, or when DEV_ORGANISER=true (the end-to-end tests), because its password is public.
 */
export const devOrganiser = {
  email: 'organiser@aetherfest.example',
  password: 'Organiser@2027',
  firstName: 'Festival',
  lastName: 'Organiser',
} as const;

/**
 * Its volunteer: made beside it, so a newcomer (and the end-to-end tests) can see the console as a
 * volunteer does (Check-in and Attendance only) without an admin to hand out the role.
 */
export const devVolunteer = {
  email: 'volunteer@aetherfest.example',
  password: 'Volunteer@2027',
  firstName: 'Festival',
  lastName: 'Volunteer',
} as const;

/** The two accounts as rows to insert; the password is hashed only for an account still missing. */
const devAccounts = [
  { ...devVolunteer, phoneNumber: '9000000001', role: 'volunteer' },
  { ...devOrganiser, phoneNumber: '9000000000', role: 'organiser' },
] as const;

/**
 * Creates the organiser and the volunteer once; true when the organiser was created now. An existing
 * account is left as it is, and not even its password is hashed again: this runs at every start, where two
 * hashes were about 0.4 s of a serverless instance's cold start.
 */
export async function ensureDevOrganiser(db: Db): Promise<boolean> {
  const present = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        devAccounts.map((a) => a.email),
      ),
    );
  const missing = devAccounts.filter((a) => !present.some((p) => p.email === a.email));
  let organiserCreated = false;
  for (const account of missing) {
    const rows = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await hashPassword(account.password),
        firstName: account.firstName,
        lastName: account.lastName,
        phoneNumber: account.phoneNumber,
        dob: '2000-01-01',
        gender: 'other',
        college: 'Festival Committee',
        role: account.role,
        verified: true,
      })
      // Another instance starting at the same moment may have made it meanwhile.
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (account.role === 'organiser' && rows.length > 0) organiserCreated = true;
  }
  return organiserCreated;
}
