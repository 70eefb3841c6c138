import { describe, expect, it } from 'vitest';
import { apiRolesFor, guardDecision, rolesForPath } from '@/lib/roles';

const signedIn = (role: string) => ({ isInitialized: true, isAuthenticated: true, role });

describe('guardDecision', () => {
  it('waits while authentication is not initialised', () => {
    expect(guardDecision({ isInitialized: false, isAuthenticated: false, role: null }, ['user'])).toBe(
      'wait',
    );
  });
  it('sends a signed-out visitor to login', () => {
    expect(guardDecision({ isInitialized: true, isAuthenticated: false, role: null }, ['user'])).toBe(
      'login',
    );
  });
  it('compares roles in lower case', () => {
    expect(guardDecision(signedIn('USER'), ['user'])).toBe('allow');
    expect(guardDecision(signedIn('user'), ['User'])).toBe('allow');
  });
  it('sends a role outside the list to unauthorized', () => {
    expect(guardDecision(signedIn('user'), ['organiser', 'admin'])).toBe('unauthorized');
  });
  it('lets any signed-in user through an empty or missing list', () => {
    expect(guardDecision(signedIn('whatever'), [])).toBe('allow');
    expect(guardDecision(signedIn('whatever'), undefined)).toBe('allow');
  });
});

describe('rolesForPath', () => {
  it.each([
    '/profile',
    '/merchandise',
    '/merchendise',
    '/accomodation',
    '/event/3/register',
    '/success',
    '/failure',
  ])('%s is for signed-in participants', (path) => {
    expect(rolesForPath(path)).toEqual(['user', 'volunteer', 'organiser', 'admin']);
  });
  it('keeps /admin for organisers', () => {
    expect(rolesForPath('/admin/payments')).toEqual(['organiser', 'admin']);
    expect(rolesForPath('/admin')).toEqual(['organiser', 'admin']);
  });
  it('opens check-in and attendance to volunteers as well', () => {
    expect(rolesForPath('/admin/check-in')).toEqual(['volunteer', 'organiser', 'admin']);
    expect(rolesForPath('/admin/attendance/12')).toEqual(['volunteer', 'organiser', 'admin']);
    expect(apiRolesFor('POST', '/api/admin/attendance/batch')).toContain('volunteer');
    expect(apiRolesFor('POST', '/api/admin/passes/revocation')).not.toContain('volunteer');
    expect(apiRolesFor('GET', '/api/admin/export/attendance.csv')).not.toContain('volunteer');
  });
  it.each(['/', '/event', '/event/3', '/sponsers', '/login', '/contact', '/unauthorized'])(
    '%s is open',
    (path) => {
      expect(rolesForPath(path)).toBeNull();
    },
  );
});
