import { describe, expect, it } from 'vitest';
import { hasLink, splitDescription } from '@/lib/description-links';

describe('splitDescription', () => {
  it('separates links from the text around them, keeping trailing punctuation as text', () => {
    expect(splitDescription('Sign up at https://forms.example.org/a?x=1. Teams of two.')).toEqual([
      { kind: 'text', text: 'Sign up at ' },
      { kind: 'link', href: 'https://forms.example.org/a?x=1' },
      { kind: 'text', text: '. Teams of two.' },
    ]);
  });

  it('finds several links and links at the edges', () => {
    const parts = splitDescription('http://a.example (or https://b.example/x)');
    expect(parts.filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', href: 'http://a.example' },
      { kind: 'link', href: 'https://b.example/x' },
    ]);
  });

  it('leaves plain text alone', () => {
    expect(splitDescription('No links here.')).toEqual([{ kind: 'text', text: 'No links here.' }]);
    expect(hasLink('No links here.')).toBe(false);
    expect(hasLink('Go to https://x.example now')).toBe(true);
  });
});
