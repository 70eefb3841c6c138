import { describe, expect, it } from 'vitest';
import { compileStylesheet, displayFacePlaceholder, servedFaceName } from '../../scripts/build-stylesheet';

describe('the stylesheet every document carries', () => {
  it('names the display face by its bytes, so that a new face is a new address', () => {
    const face = servedFaceName(Buffer.from('face one'));
    expect(face).toMatch(/^\/fonts\/cinzel-latin-700-normal\.[0-9a-f]{12}\.woff2$/);
    expect(servedFaceName(Buffer.from('face one'))).toBe(face);
    expect(servedFaceName(Buffer.from('face two'))).not.toBe(face);
  });

  it("holds the site's own rules, the utilities the sources use and the face with its sized fallback", async () => {
    const css = await compileStylesheet();
    expect(css).toContain('--color-ink:#0d0a1a');
    // Utilities of public pages and of the console alike: one stylesheet for the whole site.
    expect(css).toContain('.bg-ink{');
    expect(css).toContain('.font-display{');
    expect(css).toContain(`url(${displayFacePlaceholder})`);
    expect(css).toMatch(/font-family:"?Cinzel fallback"?;src:local\("?Times New Roman"?\)/);
    expect(css).toContain('size-adjust:139.27%');
    // Minified: no comment but Tailwind's licence line, no indentation.
    expect(css).not.toMatch(/\n {2}/);
  });
});
