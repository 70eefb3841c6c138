import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuthProvider, SignedInOnServer, useAuth } from '@/components/auth/auth-provider';
import type { SignedInUser } from '@/components/auth/auth-state';

/** What a screen reads of the auth state, as text. */
function Probe() {
  const { user, isAuthenticated, isInitialized } = useAuth();
  return (
    <p>{`${isInitialized ? 'known' : 'unknown'} ${isAuthenticated ? 'in' : 'out'} ${user?.email ?? '-'}`}</p>
  );
}

const visitor: SignedInUser = {
  email: 'asha@example.com',
  role: 'user',
  userId: '5b0c3f52-4a8e-4a57-9a55-0d1e1b1c2d3e',
};

/** The first render, as the server makes it and as hydration must match: no effect has run yet. */
const firstRender = (tree: React.ReactNode) => renderToStaticMarkup(<AuthProvider>{tree}</AuthProvider>);

describe("a page's auth state before the stored token's check ends", () => {
  it('is unknown on an ordinary page, so guarded content waits behind the loader', () => {
    expect(firstRender(<Probe />)).toBe('<p>unknown out -</p>');
  });

  it('is the visitor the server checked, on a page rendered for them', () => {
    expect(
      firstRender(
        <SignedInOnServer user={visitor}>
          <Probe />
        </SignedInOnServer>,
      ),
    ).toBe('<p>known in asha@example.com</p>');
  });

  it('stays unknown when the server found no valid cookie', () => {
    expect(
      firstRender(
        <SignedInOnServer user={null}>
          <Probe />
        </SignedInOnServer>,
      ),
    ).toBe('<p>unknown out -</p>');
  });

  it("is the server's word only inside the page: the header beside it still waits for the check", () => {
    expect(
      firstRender(
        <>
          <Probe />
          <SignedInOnServer user={visitor}>
            <Probe />
          </SignedInOnServer>
        </>,
      ),
    ).toBe('<p>unknown out -</p><p>known in asha@example.com</p>');
  });
});
