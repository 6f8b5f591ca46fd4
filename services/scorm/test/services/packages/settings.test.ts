// The export request's settings as the server checks them (part 2 sections 5 and 9).
import { describe, expect, it } from '@jest/globals';
import { COMPLETION_RULES, DEFAULT_SCORM_TRACKING, SCORM_MESSAGES, STATUS_PAIRS, scormTrackingChoices } from '@trainwright/catalogue';
import { packageSettings, trackingOf, type SettingsInput } from '../../../src/services/packages/settings.js';

const base: SettingsInput = { packageName: 'Forklift safety', scormVersion: '', includeTracking: true, objectives: [], activities: [] };

describe('packageSettings', () => {
  it('should default to SCORM 1.2 and keep only the tracking the request gave', () => {
    expect(packageSettings(base)).toEqual({ packageName: 'Forklift safety', scormVersion: '1.2', includeTracking: true, tracking: {}, objectives: [], activities: [] });
  });

  it('should bound every integer, naming the field (2147483648 is refused, not a 500)', () => {
    const huge = 2147483648;
    expect(() => packageSettings({ ...base, tracking: { completion_threshold: huge } })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', detail: { field: 'tracking.completion_threshold' } }));
    expect(() => packageSettings({ ...base, tracking: { passing_score: huge } })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', detail: { field: 'tracking.passing_score' } }));
    expect(() => packageSettings({ ...base, activities: [{ id: 'a', title: 'Read', type: 'reading', estimatedDuration: huge }] })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', detail: { field: 'activities.estimated_duration' } }),
    );
    expect(() => packageSettings({ ...base, activities: [{ id: 'a', title: 'Read', type: 'reading', estimatedDuration: -huge }] })).toThrow(expect.objectContaining({ detail: { field: 'activities.estimated_duration' } }));
  });

  it('should refuse a blank package name with the specification message', () => {
    for (const packageName of ['', '   ', '\n\t']) {
      expect(() => packageSettings({ ...base, packageName })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', message: SCORM_MESSAGES.nameRequired }));
    }
  });

  it('should refuse an unknown version, objective type, activity type or tracking value', () => {
    expect(() => packageSettings({ ...base, scormVersion: '2005' })).toThrow(/SCORM version must be one of: 1.2, 2004, cmi5/);
    expect(() => packageSettings({ ...base, objectives: [{ id: 'a', title: 'Know', description: '', type: 'memorise' }] })).toThrow(/objective type/);
    expect(() => packageSettings({ ...base, activities: [{ id: 'a', title: 'Read', type: 'game', estimatedDuration: 5 }] })).toThrow(/activity type/);
    expect(() => packageSettings({ ...base, tracking: { completion_rule: 'always' } })).toThrow(/completion rule/);
    expect(() => packageSettings({ ...base, tracking: { passing_score: 101 } })).toThrow(/passing score must be a whole number from 0 to 100/);
    expect(() => packageSettings({ ...base, tracking: { completion_threshold: 150 } })).toThrow(/completion threshold/);
  });

  it('should drop objectives and activities with an empty title and fill ids, types and the default duration', () => {
    const settings = packageSettings({
      ...base,
      scormVersion: '2004',
      objectives: [
        { id: '', title: 'Inspect the forks before each shift', description: 'Daily checks', type: 'application' },
        { id: 'x', title: '   ', description: 'dropped', type: 'knowledge' },
      ],
      activities: [
        { id: '', title: 'Watch the video', type: 'video', estimatedDuration: 0 },
        { id: 'y', title: '', type: 'quiz', estimatedDuration: 5 },
      ],
    });
    expect(settings.objectives).toEqual([{ id: 'objective-1', title: 'Inspect the forks before each shift', description: 'Daily checks', type: 'application' }]);
    expect(settings.activities).toEqual([{ id: 'activity-1', title: 'Watch the video', type: 'video', estimatedDuration: 10 }]);
  });

  it('should refuse an activity shorter than a minute, duplicate ids and too many entries', () => {
    expect(() => packageSettings({ ...base, activities: [{ id: 'a', title: 'Read', type: 'reading', estimatedDuration: -3 }] })).toThrow(/duration/);
    const twice = [
      { id: 'same', title: 'One', description: '', type: 'knowledge' },
      { id: 'same', title: 'Two', description: '', type: 'knowledge' },
    ];
    expect(() => packageSettings({ ...base, objectives: twice })).toThrow(/share the id same/);
    const many = Array.from({ length: 51 }, (_, i) => ({ id: `o${i}`, title: `Objective ${i}`, description: '', type: 'knowledge' }));
    expect(() => packageSettings({ ...base, objectives: many })).toThrow(/at most 50 learning objectives/);
  });

  it('should keep a passing score of 0 and fill the rest of a partial tracking', () => {
    const requested = packageSettings({ ...base, tracking: { passing_score: 0, status_pair: 'completed_failed' } }).tracking;
    expect(trackingOf(requested, { hasQuestions: true }, true)).toEqual({ ...DEFAULT_SCORM_TRACKING, passing_score: 0, status_pair: 'completed_failed' });
  });
});

describe('the tracking a package can carry (what it contains decides)', () => {
  it('should offer every rule and status pair with a quiz, only viewing and completed / incomplete without one', () => {
    expect(scormTrackingChoices({ hasQuestions: true })).toEqual({ rules: COMPLETION_RULES, statusPairs: STATUS_PAIRS, defaults: DEFAULT_SCORM_TRACKING });
    expect(scormTrackingChoices({ hasQuestions: false })).toEqual({
      rules: ['slides_viewed', 'video_watched'],
      statusPairs: ['completed_incomplete'],
      defaults: { ...DEFAULT_SCORM_TRACKING, completion_rule: 'slides_viewed', status_pair: 'completed_incomplete' },
    });
  });

  it('should default a project without questions to slides viewed, completed / incomplete, and one with questions to the specification default', () => {
    expect(trackingOf({}, { hasQuestions: false }, true)).toEqual({ ...DEFAULT_SCORM_TRACKING, completion_rule: 'slides_viewed', status_pair: 'completed_incomplete' });
    expect(trackingOf({}, { hasQuestions: true }, true)).toEqual(DEFAULT_SCORM_TRACKING);
  });

  it('should refuse a rule that needs a quiz the project lacks, with the message, naming the field', () => {
    for (const completion_rule of ['quiz_passed', 'viewed_and_passed'] as const) {
      expect(() => trackingOf({ completion_rule }, { hasQuestions: false }, true)).toThrow(
        expect.objectContaining({ code: 'VALIDATION_FAILED', status: 400, detail: { field: 'tracking.completion_rule' }, message: SCORM_MESSAGES.ruleNeedsQuiz }),
      );
      expect(trackingOf({ completion_rule }, { hasQuestions: true }, true).completion_rule).toBe(completion_rule);
    }
    // Without tracking the rule is not reported, so nothing is refused.
    expect(trackingOf({ completion_rule: 'quiz_passed' }, { hasQuestions: false }, false).status_pair).toBe('completed_incomplete');
  });

  it('should report completion, never passed or failed, without questions whatever status pair was asked', () => {
    for (const status_pair of STATUS_PAIRS) {
      expect(trackingOf({ completion_rule: 'video_watched', status_pair }, { hasQuestions: false }, true)).toMatchObject({ completion_rule: 'video_watched', status_pair: 'completed_incomplete' });
      expect(trackingOf({ status_pair }, { hasQuestions: true }, true).status_pair).toBe(status_pair);
    }
  });
});
