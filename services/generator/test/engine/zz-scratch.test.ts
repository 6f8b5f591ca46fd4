import { sourceText } from '../../src/domain/source.js';
import { refreshSource } from '../../src/engine/refresh.js';
import { analyseSource } from '../../src/engine/text-analysis.js';
import { DATED_FIRE_SAFETY } from './fixtures.js';
it('scratch', () => {
  const r = refreshSource(DATED_FIRE_SAFETY, analyseSource(DATED_FIRE_SAFETY), { modernizeLanguage: true, improveEngagement: true, maintainCoreConcepts: true, updateExamples: true, industryUpdates: true, contentAge: '' });
  console.log(sourceText(r.source).split('\n').slice(0, 4).join('\n'));
  console.log(r.notices.join('\n'));
});
