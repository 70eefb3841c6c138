import { describe, expect, it } from 'vitest';
import { guardDecision, rolesForPath } from '@/lib/roles';

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
    expect(rolesForPath(path)).toEqual(['user', 'organiser', 'admin']);
  });
  it('keeps /admin for organisers', () => {
    expect(rolesForPath('/admin/check-in')).toEqual(['organiser', 'admin']);
  });
  it.each(['/', '/event', '/event/3', '/sponsers', '/login', '/contact', '/unauthorized'])(
    '%s is open',
    (path) => {
      expect(rolesForPath(path)).toBeNull();
    },
  );
});
