import {
  DIFFICULTY_LEVELS,
  MODULE_COUNTS,
  SKILL_LEVELS_START,
  SKILL_LEVELS_TARGET,
  type LearningPathRequest,
  normalizeGeneratorRequest,
} from '@trainwright/catalogue';
import { parseSlideText, printSlideText } from '@trainwright/formats';
import { FRAMING } from '../../../src/adapters/offline/framing.js';
import { PLANNED_MINUTES, buildLearningPath, spreadLevels } from '../../../src/adapters/offline/learning-path.js';
import { analyseSource } from '../../../src/adapters/offline/text-analysis.js';
import { FIRE_SAFETY, largeDocument } from './fixtures.js';

function pathRequest(data: Record<string, unknown>): LearningPathRequest {
  const request = normalizeGeneratorRequest('learning_path', data, false);
  if (request.generator_type !== 'learning_path') throw new Error('unexpected type');
  return request.request_data;
}

const fire = analyseSource(FIRE_SAFETY);
const rank = (level: string) => DIFFICULTY_LEVELS.indexOf(level as (typeof DIFFICULTY_LEVELS)[number]);

describe('spreadLevels', () => {
  it('should climb from the start to the target without going back', () => {
    expect(spreadLevels('basic', 'advanced', 5)).toEqual(['basic', 'basic', 'intermediate', 'intermediate', 'advanced']);
    expect(spreadLevels('basic', 'advanced', 3)).toEqual(['basic', 'intermediate', 'advanced']);
    expect(spreadLevels('advanced', 'advanced', 3)).toEqual(['advanced', 'advanced', 'advanced']);
  });
});

describe('buildLearningPath', () => {
  it('should make exactly module_count modules with levels from start to target, for every option', () => {
    for (const start of SKILL_LEVELS_START) {
      for (const target of SKILL_LEVELS_TARGET) {
        if (rank(target) < rank(start)) continue;
        for (const count of MODULE_COUNTS) {
          for (const include_prerequisites of [true, false]) {
            for (const material of [null, fire]) {
              const request = pathRequest({ main_topic: 'Fire safety', skill_level_start: start, skill_level_target: target, module_count: count, include_prerequisites });
              const { modules, deck } = buildLearningPath(request, { title: '', language: 'en', analysis: material });
              expect(modules).toHaveLength(count);
              expect(modules.map((m) => m.number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
              expect(modules[0]!.level).toBe(start);
              expect(modules[count - 1]!.level).toBe(target);
              for (let i = 1; i < count; i++) expect(rank(modules[i]!.level)).toBeGreaterThanOrEqual(rank(modules[i - 1]!.level));
              modules.forEach((m, i) => expect(m.prerequisites).toEqual(modules.slice(0, i).map((p) => p.title)));
              if (include_prerequisites) expect(modules[0]!.title).toBe('Prerequisites for Fire safety');
              expect(parseSlideText(printSlideText(deck))).toEqual(deck);
            }
          }
        }
      }
    }
  });

  it('should follow the material’s sections when there is material', () => {
    const request = pathRequest({ main_topic: 'Fire safety', module_count: 5, include_prerequisites: false });
    const { modules, notices } = buildLearningPath(request, { title: '', language: 'en', analysis: fire });
    expect(modules.map((m) => m.title)).toEqual(FIRE_SAFETY.sections.map((s) => s.heading));
    expect(modules[1]!.objectives[0]).toMatch(/^(Identify|Describe|Recognise|List) the fire triangle$/);
    expect(notices[0]).toContain('modules follow its sections');
    // A long document is grouped into as many modules as asked, in order.
    const large = largeDocument();
    const grouped = buildLearningPath(pathRequest({ main_topic: 'Site safety', module_count: 7 }), { title: '', language: 'en', analysis: analyseSource(large) }).modules;
    expect(grouped).toHaveLength(7);
    const topics = grouped.flatMap((m) => m.topics);
    expect(topics).toEqual(large.sections.map((s) => s.heading));
  });

  it('should frame a path without material, with checklists instead of questions', () => {
    const request = pathRequest({ main_topic: 'Fire safety', module_count: 3, include_prerequisites: false, industry_context: 'healthcare' });
    const { modules, deck, notices } = buildLearningPath(request, { title: '', language: 'en', analysis: null });
    expect(modules.map((m) => m.title)).toEqual(['Foundations of Fire safety', 'Applying Fire safety', 'Analysing Fire safety']);
    expect(modules.map((m) => m.estimated_minutes)).toEqual(['basic', 'intermediate', 'advanced'].map((l) => PLANNED_MINUTES[l as 'basic'] + 10));
    for (const m of modules) {
      expect(m.practice).toBe('Practice: apply Fire safety to a task from your own work in healthcare');
      expect(deck.slides.find((s) => s.title === `Checklist: ${m.title}`)!.points).toEqual(m.objectives.map((o) => `Check: ${o}`));
    }
    expect(notices.join('\n')).toContain('No questions were generated because there is no source material');
    expect(notices[0]).toContain('added no facts');
  });

  it('should leave out practice and assessments when not asked', () => {
    const request = pathRequest({ main_topic: 'Fire safety', module_count: 3, practical_application: false, include_assessments: false });
    const { modules, deck, notices } = buildLearningPath(request, { title: '', language: 'en', analysis: null });
    for (const m of modules) expect(m.practice).toBe('');
    expect(deck.slides.some((s) => s.title.startsWith('Checklist: '))).toBe(false);
    expect(notices).toHaveLength(1);
  });

  it('should repeat no stage title when one level has more modules than stage names', () => {
    const request = pathRequest({ main_topic: 'Excel', skill_level_start: 'advanced', module_count: 10, include_prerequisites: false });
    const titles = buildLearningPath(request, { title: '', language: 'fr', analysis: null }).modules.map((m) => m.title);
    expect(new Set(titles).size).toBe(10);
    expect(titles[0]).toBe(FRAMING.fr.stageTitles.advanced[0]!.replace('{x}', 'Excel'));
  });
});
