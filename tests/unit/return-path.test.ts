import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/event/3/register?offer=0b6a8a52-6c1e-4f3e-9d43-2f1d0e6f6b11')).toBe(
      '/event/3/register?offer=0b6a8a52-6c1e-4f3e-9d43-2f1d0e6f6b11',
    );
    expect(safeReturnPath('/profile')).toBe('/profile');
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/login?x=1',
    '/a\nb',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('allows paths that only begin like login', () => {
    expect(safeReturnPath('/loginhelp')).toBe('/loginhelp');
  });
});
