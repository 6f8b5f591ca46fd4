// The export request's settings as the server checks them (part 2 sections 5 and 9).
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SCORM_TRACKING, SCORM_MESSAGES } from '@trainwright/catalogue';
import { packageSettings, type SettingsInput } from '../src/services/settings.js';

const base: SettingsInput = { packageName: 'Forklift safety', scormVersion: '', includeTracking: true, objectives: [], activities: [] };

describe('packageSettings', () => {
  it('should default to SCORM 1.2 and the default tracking', () => {
    expect(packageSettings(base)).toEqual({ packageName: 'Forklift safety', scormVersion: '1.2', includeTracking: true, tracking: DEFAULT_SCORM_TRACKING, objectives: [], activities: [] });
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
    expect(packageSettings({ ...base, tracking: { passing_score: 0, status_pair: 'completed_failed' } }).tracking).toEqual({ ...DEFAULT_SCORM_TRACKING, passing_score: 0, status_pair: 'completed_failed' });
  });
});
