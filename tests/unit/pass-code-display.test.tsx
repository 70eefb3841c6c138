import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PassCode } from '@/components/profile/pass-code';

const code = 'AB3CD-7EFGH-2JKLM-NPQ4R-STUV5-WXYZ6-89ABC-DEF01';

/** The text a browser gives for the markup: tags (and so <wbr>) carry no text. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the pass code on the profile', () => {
  const html = renderToStaticMarkup(<PassCode code={code} className="font-mono" />);

  it('keeps its text exactly the code, so tests and copying read it whole', () => {
    expect(textOf(html)).toBe(code);
    expect(textOf(html)).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){7}$/);
  });

  it('keeps every group (with its hyphen) unbreakable, and may break only after a hyphen', () => {
    const groups = [...html.matchAll(/<span class="whitespace-nowrap">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(groups).toEqual(
      code.split('-').map((group, index, all) => (index < all.length - 1 ? `${group}-` : group)),
    );
    expect(html.match(/<wbr\/>/g)).toHaveLength(7);
    expect(html).not.toContain('break-all');
    expect(html).toContain('data-testid="pass-code"');
  });
});
