// When a translation is outdated: its source's translatable content changed, not the project's
// settings; rows made before the hash was kept are judged by content version.
import { isStale, sourceHashOf } from '../../src/services/staleness.js';
import type { ProjectContent } from '../../src/services/types.js';

const CONTENT: ProjectContent = { title: 'Forklift', description: 'Safety first', slidesContent: '## Speed\n- Drive slowly.', scriptContent: '', generatedContent: null };
const translatedFrom = (content: ProjectContent, version = 3) => ({ sourceHash: sourceHashOf(content), sourceVersion: version });

describe(isStale.name, () => {
  it('should keep a translation current through a settings edit (a new content version, the same text)', () => {
    expect(isStale(translatedFrom(CONTENT), { contentVersion: 4, sourceHash: sourceHashOf(CONTENT) })).toBe(false);
  });

  it.each([
    ['title', { title: 'Forklift basics' }],
    ['description', { description: 'Safety above all' }],
    ['slides', { slidesContent: '## Speed\n- Drive slowly.\n- Stop at crossings.' }],
    ['line structure', { slidesContent: '## Speed\n\n- Drive slowly.' }],
  ])('should mark a translation stale when the %s changed, also without a new content version', (_name, change) => {
    expect(isStale(translatedFrom(CONTENT), { contentVersion: 3, sourceHash: sourceHashOf({ ...CONTENT, ...change }) })).toBe(true);
  });

  it('should judge a row made before the hash was kept by content version', () => {
    expect(isStale({ sourceHash: '', sourceVersion: 3 }, { contentVersion: 3, sourceHash: sourceHashOf(CONTENT) })).toBe(false);
    expect(isStale({ sourceHash: '', sourceVersion: 3 }, { contentVersion: 4, sourceHash: sourceHashOf(CONTENT) })).toBe(true);
  });
});

describe(sourceHashOf.name, () => {
  it('should hash equal content equally whatever the order of its keys (as stored in jsonb)', () => {
    const reordered: ProjectContent = { generatedContent: null, scriptContent: '', slidesContent: CONTENT.slidesContent, description: CONTENT.description, title: CONTENT.title };
    expect(sourceHashOf(reordered)).toBe(sourceHashOf(CONTENT));
  });
});
