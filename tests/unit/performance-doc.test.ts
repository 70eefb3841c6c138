import { describe, expect, it } from 'vitest';
import { withSection } from '../../scripts/performance-doc';

describe('docs/performance.md sections', () => {
  const document = [
    '# Performance',
    '<!-- bench:lighthouse:start -->',
    'old lighthouse table',
    '<!-- bench:lighthouse:end -->',
    '',
    '<!-- bench:http:start -->',
    'old http table',
    '<!-- bench:http:end -->',
    '',
    '## Notes kept by hand',
  ].join('\n');

  it('replaces only its own section and keeps the other benchmark’s and the hand-written notes', () => {
    const updated = withSection(document, 'lighthouse', 'new lighthouse table');
    expect(updated).toContain('new lighthouse table');
    expect(updated).not.toContain('old lighthouse table');
    expect(updated).toContain('old http table');
    expect(updated).toContain('## Notes kept by hand');
  });

  it('appends a section that has no markers yet', () => {
    const updated = withSection('# Performance\n', 'http', 'first http table');
    expect(updated).toBe(
      '# Performance\n\n<!-- bench:http:start -->\nfirst http table\n<!-- bench:http:end -->\n',
    );
  });
});
