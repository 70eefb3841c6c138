import 'server-only';
import { hashPassword } from '@/lib/server/auth/passwords';
import type { Db } from './client';
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

async function ensureDevVolunteer(db: Db): Promise<void> {
  await db
    .insert(users)
    .values({
      email: devVolunteer.email,
      passwordHash: await hashPassword(devVolunteer.password),
      firstName: devVolunteer.firstName,
      lastName: devVolunteer.lastName,
      phoneNumber: '9000000001',
      dob: '2000-01-01',
      gender: 'other',
      college: 'Festival Committee',
      role: 'volunteer',
      verified: true,
    })
    .onConflictDoNothing({ target: users.email });
}

/**
 * Creates the account (and the volunteer's) once; true when the organiser was created now. An existing
 * account is left as it is.
 */
export async function ensureDevOrganiser(db: Db): Promise<boolean> {
  await ensureDevVolunteer(db);
  const rows = await db
    .insert(users)
    .values({
      email: devOrganiser.email,
      passwordHash: await hashPassword(devOrganiser.password),
      firstName: devOrganiser.firstName,
      lastName: devOrganiser.lastName,
      phoneNumber: '9000000000',
      dob: '2000-01-01',
      gender: 'other',
      college: 'Festival Committee',
      role: 'organiser',
      verified: true,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows.length > 0;
}
