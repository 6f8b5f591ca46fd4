// Learning path: `module_count` modules whose levels climb from the starting to the target skill
// level. With source material the modules follow its sections; without it they are framing
// around the main topic (stage titles and Bloom objectives), and say so.
import { DIFFICULTY_LEVELS, type DifficultyLevel, type LearningPathRequest } from '@trainwright/catalogue';
import type { Slide, SlideDeck } from '@trainwright/formats';
import type { LearningModule } from '@trainwright/formats';
import { FRAMING, fill } from './framing.js';
import { headingSubject, inSentenceCase, objectiveFor, sectionObjective } from './objectives.js';
import { slidePoint } from './points.js';
import { fixedSlides, sectionTitle, withOpeningNotes } from './segment.js';
import type { EngineLanguage } from './stop-words.js';
import { WORDS_PER_MINUTE } from './summary.js';
import type { Analysis, SectionView } from './text-analysis.js';

/** Planning durations for modules that have no material to measure, by level. */
export const PLANNED_MINUTES: Record<DifficultyLevel, number> = { basic: 30, intermediate: 45, advanced: 60 };
const PREREQUISITES_MINUTES = 15;
const PRACTICE_MINUTES = 10;
const MAX_MODULE_OBJECTIVES = 3;

/** `count` levels from `start` to `target`, never decreasing, each level getting an even share. */
export function spreadLevels(start: DifficultyLevel, target: DifficultyLevel, count: number): DifficultyLevel[] {
  const from = DIFFICULTY_LEVELS.indexOf(start);
  const to = Math.max(from, DIFFICULTY_LEVELS.indexOf(target));
  const span = to - from + 1;
  return Array.from({ length: count }, (_, i) => DIFFICULTY_LEVELS[from + Math.floor((i * span) / count)]!);
}

/** Contiguous groups of sections with about the same number of words each, one per module. */
function groupSections(sections: SectionView[], groups: number): SectionView[][] {
  if (sections.length <= groups) return sections.map((s) => [s]);
  const words = sections.map((s) => s.units.reduce((n, u) => n + u.words, 0));
  const total = words.reduce((a, b) => a + b, 0);
  const out: SectionView[][] = [[]];
  let done = 0;
  sections.forEach((s, i) => {
    const current = out[out.length - 1]!;
    const sectionsLeft = sections.length - i;
    const groupsLeft = groups - out.length;
    // Close the group once it reached its share, or when every later group needs one of the rest.
    if (current.length > 0 && groupsLeft > 0 && (done >= (total * out.length) / groups || sectionsLeft <= groupsLeft)) out.push([s]);
    else current.push(s);
    done += words[i]!;
  });
  return out;
}

/**
 * A module's objectives, one per section: in English the section's own objective (an action or
 * a phrase of two words or more from its sentences, as the deck's objectives are made), else the
 * Bloom verb with the section's title.
 */
function moduleObjectives(group: SectionView[], subjects: string[], level: DifficultyLevel, language: EngineLanguage, names: ReadonlySet<string>, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const [i, section] of group.entries()) {
    if (out.length >= MAX_MODULE_OBJECTIVES) break;
    const own = language === 'en' ? sectionObjective(section, level, out.length, names, seen) : null;
    const objective = own ?? objectiveFor(subjects[i]!, level, out.length, language);
    if (!out.includes(objective)) out.push(objective);
  }
  return out;
}

export interface LearningPathOptions {
  title: string;
  language: EngineLanguage;
  /** The material's analysis, when the request came with source material. */
  analysis: Analysis | null;
}

export interface LearningPath {
  modules: LearningModule[];
  deck: SlideDeck;
  objectives: string[];
  /** What the path covers, in one sentence: the modules' titles. */
  overview: string;
  notices: string[];
}

export function buildLearningPath(request: LearningPathRequest, options: LearningPathOptions): LearningPath {
  const { analysis } = options;
  const language = analysis?.language ?? options.language;
  const framing = FRAMING[language];
  const topic = request.main_topic;
  const count = request.module_count;
  const levels = spreadLevels(request.skill_level_start, request.skill_level_target, count);
  const inIndustry = (text: string) =>
    request.industry_context === 'general' ? text : fill(framing.industrySetting, { x: text, i: framing.industryName[request.industry_context] });
  const practiceFor = (subject: string) => (request.practical_application ? inIndustry(fill(framing.practiceActivity, { x: subject })) : '');

  const drafts: Array<Omit<LearningModule, 'number' | 'prerequisites'>> = [];
  if (request.include_prerequisites) {
    drafts.push({
      title: fill(framing.prerequisitesModule, { x: topic }),
      level: levels[0]!,
      objectives: [fill(framing.prerequisitesObjective, { x: topic })],
      topics: [],
      practice: '',
      estimated_minutes: PREREQUISITES_MINUTES,
    });
  }
  const contentSections = analysis ? analysis.sections.filter((s) => s.units.length > 0) : [];
  const groups = groupSections(contentSections, count - drafts.length);
  const stageUse = new Map<DifficultyLevel, number>();
  const seen = new Set<string>();
  while (drafts.length < count) {
    const level = levels[drafts.length]!;
    const group = groups[drafts.length - (request.include_prerequisites ? 1 : 0)];
    if (analysis && group && group.length > 0) {
      const topics = group.map((s) => sectionTitle(s, analysis));
      const subjects = topics.map((t) => inSentenceCase(headingSubject(t) || t, analysis.names));
      const words = group.reduce((n, s) => n + s.units.reduce((m, u) => m + u.words, 0), 0);
      drafts.push({
        title: topics[0]!,
        level,
        objectives: moduleObjectives(group, subjects, level, language, analysis.names, seen),
        topics,
        practice: practiceFor(subjects[0]!),
        estimated_minutes: Math.max(5, Math.ceil(words / WORDS_PER_MINUTE)) + (request.practical_application ? PRACTICE_MINUTES : 0),
      });
    } else {
      // More modules than sections (or no material): stage framing around the topic.
      const stage = stageUse.get(level) ?? 0;
      stageUse.set(level, stage + 1);
      const titles = framing.stageTitles[level];
      const round = Math.floor(stage / titles.length);
      const title = fill(titles[stage % titles.length]!, { x: topic });
      drafts.push({
        title: round > 0 ? `${title} (${round + 1})` : title,
        level,
        objectives: framing.stageObjectives[level].map((o) => fill(o, { x: topic })),
        topics: [],
        practice: practiceFor(topic),
        estimated_minutes: PLANNED_MINUTES[level] + (request.practical_application ? PRACTICE_MINUTES : 0),
      });
    }
  }
  const modules: LearningModule[] = drafts.map((d, i) => ({
    number: i + 1,
    ...d,
    prerequisites: drafts.slice(0, i).map((p) => p.title),
  }));

  const moduleTitles = modules.map((m) => fill(framing.moduleTitle, { n: m.number, x: m.title }));
  // With material the path's objectives are its modules' on the material; a prerequisites module is framing.
  const taught = modules.filter((m) => m.topics.length > 0);
  const objectives = [...new Set((taught.length >= 2 ? taught : modules).map((m) => m.objectives[0]!))];
  const overview = fill(framing.titleNotes, { x: modules.map((m) => m.title).join(', ') });
  const slides: Slide[] = withOpeningNotes(fixedSlides(framing.objectivesTitle.plain, objectives, ''), [overview, inIndustry(fill(framing.pathOverview, { x: topic }))].join('\n\n'));
  modules.forEach((m, i) => {
    const notes = [
      fill(framing.levelLabel, { x: framing.levelName[m.level] }),
      m.prerequisites.length > 0 ? fill(framing.prerequisitesLabel, { x: m.prerequisites.join(', ') }) : framing.noPrerequisites,
      m.practice,
      // Without material the checklist slide that follows says what it is.
      request.include_assessments && analysis ? framing.assessmentNote : '',
    ].filter(Boolean);
    slides.push({ title: moduleTitles[i]!, points: m.objectives.map(slidePoint), paragraphs: [], notes: notes.join('\n\n') });
    if (request.include_assessments && !analysis) {
      slides.push({
        title: fill(framing.checklistTitle, { x: m.title }),
        points: m.objectives.map((o) => slidePoint(fill(framing.checkItem, { x: o }))),
        paragraphs: [],
        notes: framing.checklistNote,
      });
    }
  });
  slides.push(...fixedSlides(framing.summaryTitle.plain, moduleTitles, framing.summaryNotes));

  const notices = [
    analysis
      ? `The offline engine built this learning path from your material: modules follow its sections, levels climb from ${request.skill_level_start} to ${request.skill_level_target}.`
      : `The offline engine built this learning path from your request alone and added no facts: module titles and objectives are framing around "${topic}", levels climb from ${request.skill_level_start} to ${request.skill_level_target}, and durations are planning figures by level (${DIFFICULTY_LEVELS.map((l) => `${l} ${PLANNED_MINUTES[l]} min`).join(', ')}). Upload material or configure an AI model for full content.`,
  ];
  if (request.include_assessments && !analysis) {
    notices.push('No questions were generated because there is no source material: each module ends with a checklist of its objectives instead.');
  }
  return { modules, deck: { title: options.title || fill(framing.pathOverview, { x: topic }), slides }, objectives, overview, notices };
}
