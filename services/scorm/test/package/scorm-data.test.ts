// What the player writes to SCORM 1.2 and 2004 runtimes: element names, vocabularies and formats.
import { evaluate } from '../../player/src/evaluation.js';
import { choiceId, completionOnlyWrites, exitWrites, interactionWrites, lmsPassingPercent, progressWrites, scorm2004Status, type AnswerRecord, type CmiWrite } from '../../player/src/scorm-data.js';
import { initialState } from '../../player/src/state.js';
import { isoDuration, scorm12Time, scorm12Timespan, scorm2004Timestamp } from '../../player/src/time.js';
import { playerCourse } from './fixtures.js';

// The data types as SCORM defines them.
const CMI_TIMESPAN_12 = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
const CMI_TIME_12 = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const TIMEINTERVAL_2004 = /^P(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d{1,2})?S)?)?$/;
const TIME_2004 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,2})?Z$/;

const asRecord = (writes: readonly CmiWrite[]) => Object.fromEntries(writes);

describe('time formats', () => {
  it('writes 1.2 timespans and times', () => {
    expect(scorm12Timespan(0)).toBe('00:00:00.00');
    expect(scorm12Timespan(3_723_450)).toBe('01:02:03.45');
    expect(scorm12Timespan(1e12)).toMatch(CMI_TIMESPAN_12);
    expect(scorm12Time(new Date(2025, 0, 1, 9, 5, 7))).toBe('09:05:07');
  });

  it('writes ISO 8601 durations and 2004 timestamps', () => {
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(3_723_450)).toBe('PT1H2M3.45S');
    expect(isoDuration(1500)).toMatch(TIMEINTERVAL_2004);
    expect(scorm2004Timestamp(new Date(Date.UTC(2025, 0, 1, 9, 5, 7, 891)))).toBe('2025-01-01T09:05:07.89Z');
    expect(scorm2004Timestamp(new Date())).toMatch(TIME_2004);
  });
});

describe('progress', () => {
  const course = playerCourse({}, { completion_rule: 'viewed_and_passed', status_pair: 'passed_failed' });
  const state = { ...initialState({ slides: 4, questions: 5, videoSeconds: 60 }), viewedSlides: [true, true, true, true], answers: [0, 2, 0, 1, 0], submitted: true };
  const evaluation = evaluate(course, state);
  const slots = new Map([['TW-OBJ-b', 0]]);
  const slotOf = (id: string) => slots.get(id) ?? (slots.set(id, slots.size), slots.size - 1);

  it('writes 1.2 status, score and objectives', () => {
    const writes = asRecord(progressWrites('1.2', evaluation, { location: '3', suspendData: 'xyz' }, slotOf));
    expect(writes).toMatchObject({
      'cmi.core.lesson_location': '3',
      'cmi.suspend_data': 'xyz',
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '80',
      'cmi.core.score.min': '0',
      'cmi.core.score.max': '100',
      // The LMS already held objective b in slot 0; a and c follow.
      'cmi.objectives.0.id': 'TW-OBJ-b',
      'cmi.objectives.0.status': 'failed',
      'cmi.objectives.0.score.raw': '50',
      'cmi.objectives.1.id': 'TW-OBJ-a',
      'cmi.objectives.1.status': 'passed',
      'cmi.objectives.2.id': 'TW-OBJ-c',
      'cmi.objectives.2.status': 'completed',
    });
    expect(writes['cmi.objectives.2.score.raw']).toBeUndefined();
    expect(Object.keys(writes).some((k) => k.includes('success_status') || k.includes('scaled'))).toBe(false);
  });

  it('writes 2004 completion and success, scaled score, progress and objectives', () => {
    const writes = asRecord(progressWrites('2004', evaluation, { location: '3', suspendData: 'xyz' }, slotOf));
    expect(writes).toMatchObject({
      'cmi.location': '3',
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.progress_measure': '1',
      'cmi.score.scaled': '0.8',
      'cmi.score.raw': '80',
      'cmi.objectives.0.id': 'TW-OBJ-b',
      'cmi.objectives.0.success_status': 'failed',
      'cmi.objectives.0.completion_status': 'completed',
      'cmi.objectives.0.score.scaled': '0.5',
      'cmi.objectives.2.success_status': 'unknown',
    });
  });

  it('splits each status into 2004 completion and success', () => {
    expect(scorm2004Status('incomplete', { viewed: true, quiz: null })).toEqual({ completion: 'incomplete', success: 'unknown' });
    expect(scorm2004Status('failed', { viewed: false, quiz: null })).toEqual({ completion: 'incomplete', success: 'failed' });
    expect(scorm2004Status('completed', { viewed: true, quiz: { correct: 1, total: 2, scorePercent: 50, passed: false } })).toEqual({ completion: 'completed', success: 'failed' });
    expect(scorm2004Status('completed', { viewed: true, quiz: null })).toEqual({ completion: 'completed', success: 'unknown' });
  });

  it('reports only completion without tracking', () => {
    expect(completionOnlyWrites('1.2')).toEqual([['cmi.core.lesson_status', 'completed']]);
    expect(completionOnlyWrites('2004')).toEqual([['cmi.completion_status', 'completed']]);
  });

  it('reads the LMS passing score', () => {
    expect(lmsPassingPercent('1.2', '')).toBeNull();
    expect(lmsPassingPercent('1.2', '75')).toBe(75);
    expect(lmsPassingPercent('2004', '0.7')).toBe(70);
    expect(lmsPassingPercent('2004', 'x')).toBeNull();
  });
});

describe('interactions', () => {
  const question = playerCourse().questions[1]!;
  const answer: AnswerRecord = { question, chosenIndex: 0, latencyMs: 12_340, at: new Date(Date.UTC(2025, 4, 6, 7, 8, 9, 100)) };

  it('writes a 1.2 choice interaction, type before responses', () => {
    const writes = interactionWrites('1.2', 4, answer);
    expect(writes.map(([k]) => k.replace('cmi.interactions.4.', ''))).toEqual([
      'id',
      'type',
      'time',
      'objectives.0.id',
      'correct_responses.0.pattern',
      'student_response',
      'result',
      'latency',
      'weighting',
    ]);
    const values = asRecord(writes);
    expect(values).toMatchObject({
      'cmi.interactions.4.id': 'TW-Q-2',
      'cmi.interactions.4.type': 'choice',
      'cmi.interactions.4.objectives.0.id': 'TW-OBJ-b',
      'cmi.interactions.4.correct_responses.0.pattern': 'c',
      'cmi.interactions.4.student_response': 'a',
      'cmi.interactions.4.result': 'wrong',
      'cmi.interactions.4.latency': '00:00:12.34',
    });
    expect(values['cmi.interactions.4.time']).toMatch(CMI_TIME_12);
  });

  it('writes a 2004 choice interaction', () => {
    const values = asRecord(interactionWrites('2004', 0, { ...answer, chosenIndex: 2 }));
    expect(values).toMatchObject({
      'cmi.interactions.0.id': 'TW-Q-2',
      'cmi.interactions.0.type': 'choice',
      'cmi.interactions.0.timestamp': '2025-05-06T07:08:09.10Z',
      'cmi.interactions.0.learner_response': 'c',
      'cmi.interactions.0.result': 'correct',
      'cmi.interactions.0.latency': 'PT12.34S',
      'cmi.interactions.0.description': 'Two?',
    });
    const names = Object.keys(values);
    expect(names.indexOf('cmi.interactions.0.type')).toBeLessThan(names.indexOf('cmi.interactions.0.learner_response'));
  });

  it('leaves out the objective of a question that assesses none', () => {
    const values = asRecord(interactionWrites('2004', 0, { ...answer, question: { ...question, objectiveId: null } }));
    expect(values['cmi.interactions.0.objectives.0.id']).toBeUndefined();
  });

  it('names options by letter', () => {
    expect([0, 1, 25].map(choiceId)).toEqual(['a', 'b', 'z']);
  });
});

describe('exit', () => {
  it('suspends an unfinished 1.2 attempt and ends a finished one', () => {
    expect(asRecord(exitWrites('1.2', { done: false, sessionMs: 65_000, explicit: true }))).toEqual({ 'cmi.core.session_time': '00:01:05.00', 'cmi.core.exit': 'suspend' });
    expect(asRecord(exitWrites('1.2', { done: true, sessionMs: 0, explicit: false }))['cmi.core.exit']).toBe('');
  });

  it('asks a 2004 LMS to suspend or exit all on the Exit button, and nothing when the window closes', () => {
    expect(asRecord(exitWrites('2004', { done: false, sessionMs: 65_000, explicit: true }))).toEqual({
      'cmi.session_time': 'PT1M5S',
      'cmi.exit': 'suspend',
      'adl.nav.request': 'suspendAll',
    });
    expect(asRecord(exitWrites('2004', { done: true, sessionMs: 0, explicit: true }))).toMatchObject({ 'cmi.exit': 'normal', 'adl.nav.request': 'exitAll' });
    expect(asRecord(exitWrites('2004', { done: true, sessionMs: 0, explicit: false }))['adl.nav.request']).toBeUndefined();
  });
});
