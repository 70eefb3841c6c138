import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { devOrganiser, devVolunteer, ensureDevOrganiser } from '@/lib/server/db/dev-organiser';
import { users } from '@/lib/server/db/schema';
import { describeEachDatabase } from '../support/test-db';

/*
 * The README's organiser and volunteer, made at every start where DEV_ORGANISER (or development) asks for
 * them: created once with their public passwords, and left alone, unhashed, by every later start.
 */
describeEachDatabase('the local organiser and volunteer', (database) => {
  const accounts = async () =>
    database()
      .db.select({ email: users.email, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(inArray(users.email, [devOrganiser.email, devVolunteer.email]))
      .orderBy(users.email);

  it('are made once with their passwords, and a later start changes nothing', async () => {
    await database()
      .db.delete(users)
      .where(inArray(users.email, [devOrganiser.email, devVolunteer.email]));
    expect(await ensureDevOrganiser(database().db)).toBe(true);
    const made = await accounts();
    expect(made.map((a) => [a.email, a.role])).toEqual([
      [devOrganiser.email, 'organiser'],
      [devVolunteer.email, 'volunteer'],
    ]);
    expect(await verifyPassword(devOrganiser.password, made[0]!.passwordHash)).toBe(true);
    expect(await verifyPassword(devVolunteer.password, made[1]!.passwordHash)).toBe(true);

    expect(await ensureDevOrganiser(database().db)).toBe(false);
    expect(await accounts()).toEqual(made);
  });

  it('makes only the one that is missing', async () => {
    await database()
      .db.delete(users)
      .where(inArray(users.email, [devVolunteer.email]));
    const organiser = (await accounts())[0];
    expect(await ensureDevOrganiser(database().db)).toBe(false);
    const after = await accounts();
    expect(after[0]).toEqual(organiser);
    expect(after[1]?.role).toBe('volunteer');
  });
});
