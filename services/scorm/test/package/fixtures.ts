// A small course for the packaging tests, with HTML in a title (must stay text), three questions
// on two objectives, and helpers: a real tiny mp4 made by ffmpeg, reading a zip, xmllint.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCORM_TRACKING, validateInteractiveVideo, type InteractiveVideoMetadata, type ScormTracking, type ScormVersion } from '@trainwright/catalogue';
import yauzl from 'yauzl';
import type { CourseInput } from '../../src/package/index.js';
import type { PlayerCourse } from '../../src/package/player-contract.js';

export const SERVICE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function courseInput(version: ScormVersion, overrides: Partial<CourseInput> = {}): CourseInput {
  return {
    packageId: '3f2c9a1e-7b4d-4e8a-9c1f-2d5e6f7a8b9c',
    title: 'Forklift <b>safety</b> & you',
    description: 'Driving a forklift safely in the warehouse.',
    language: 'en',
    version,
    includeTracking: true,
    tracking: { ...DEFAULT_SCORM_TRACKING },
    objectives: [
      { id: '1-speed', title: 'Keep to the speed limit', description: 'Know the warehouse speed limit.', type: 'knowledge' },
      { id: '2 loads', title: 'Carry loads safely', description: 'Carry loads low and tilted back.', type: 'application' },
    ],
    activities: [
      { id: 'a1', title: 'Read the slides', type: 'reading', estimatedMinutes: 10 },
      { id: 'a2', title: 'Take the quiz', type: 'quiz', estimatedMinutes: 5 },
    ],
    slides: [
      { title: 'Why <b>html</b> stays text', points: ['Look around', 'Sound the horn <script>alert(1)</script>'], paragraphs: ['Forklifts are heavy.'], notes: 'Say hello.' },
      { title: 'Speed', points: ['Walking pace indoors'], paragraphs: [], notes: '' },
      { title: 'Loads', points: ['Low', 'Tilted back'], paragraphs: ['Never lift people.'], notes: '' },
    ],
    questions: [
      {
        id: 'q1',
        prompt: 'What is the indoor speed limit?',
        options: [
          { id: 'o1', text: 'Walking pace', correct: true },
          { id: 'o2', text: 'As fast as you like', correct: false },
        ],
        explanation: 'Indoors, walking pace.',
        objectiveId: '1-speed',
      },
      {
        id: 'q2',
        prompt: 'How do you carry a load?',
        options: [
          { id: 'o1', text: 'High', correct: false },
          { id: 'o2', text: 'Low and tilted back', correct: true },
          { id: 'o3', text: 'Tilted forward', correct: false },
        ],
        explanation: 'Low, tilted back.',
        objectiveId: '2 loads',
      },
      {
        id: 'q3',
        prompt: 'May you lift a person on the forks?',
        options: [
          { id: 'o1', text: 'Yes', correct: false },
          { id: 'o2', text: 'No', correct: true },
        ],
        explanation: 'Never.',
        objectiveId: '2 loads',
      },
    ],
    theme: { primary: '#0a4d8c', secondary: '#f59e0b', background: '#ffffff', text: '#1f2937', headingFont: 'Inter', bodyFont: 'Source Sans 3' },
    ...overrides,
  };
}

/** The player's view of a course, for the tracking logic tests. */
export function playerCourse(overrides: Partial<PlayerCourse> = {}, tracking: Partial<ScormTracking> = {}): PlayerCourse {
  return {
    title: 'Course',
    description: '',
    language: 'en',
    version: '1.2',
    includeTracking: true,
    tracking: { ...DEFAULT_SCORM_TRACKING, ...tracking },
    objectives: [
      { id: 'TW-OBJ-a', title: 'A', description: '', type: 'knowledge' },
      { id: 'TW-OBJ-b', title: 'B', description: '', type: 'analysis' },
      { id: 'TW-OBJ-c', title: 'C (no questions)', description: '', type: 'evaluation' },
    ],
    activities: [],
    slides: Array.from({ length: 4 }, (_, i) => ({ title: `Slide ${i + 1}`, points: [], paragraphs: [], notes: '' })),
    questions: [
      { id: 'TW-Q-1', prompt: 'One?', options: ['a', 'b'], correctIndex: 0, explanation: '', objectiveId: 'TW-OBJ-a' },
      { id: 'TW-Q-2', prompt: 'Two?', options: ['a', 'b', 'c'], correctIndex: 2, explanation: '', objectiveId: 'TW-OBJ-b' },
      { id: 'TW-Q-3', prompt: 'Three?', options: ['a', 'b'], correctIndex: 1, explanation: '', objectiveId: 'TW-OBJ-b' },
      { id: 'TW-Q-4', prompt: 'Four?', options: ['a', 'b'], correctIndex: 1, explanation: '', objectiveId: null },
      { id: 'TW-Q-5', prompt: 'Five?', options: ['a', 'b'], correctIndex: 0, explanation: '', objectiveId: null },
    ],
    video: { src: 'media/video.mp4', captions: 'media/captions.vtt', mime: 'video/mp4', durationSeconds: 60 },
    ...overrides,
  };
}

/** A 2-second (or `seconds`) 320x180 mp4 with sound, made by ffmpeg. */
export function makeVideo(path: string, seconds = 2): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=blue:s=320x180:d=${seconds}`, '-f', 'lavfi', '-i', `sine=d=${seconds}`, '-shortest', '-pix_fmt', 'yuv420p', path]);
}

/**
 * A published interactive video's elements as the catalogue validates them: a chapter, a hotspot
 * and a required quiz at `quizAt` seconds (its second option correct). No call to action: the
 * packaged files carry no web address.
 */
export function interactiveMetadata(quizAt = 1): InteractiveVideoMetadata {
  const metadata: InteractiveVideoMetadata = {
    project_id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    video_duration: 30,
    analytics_enabled: true,
    completion_threshold: 80,
    hotspots: [
      {
        id: 'hs-brakes', title: 'Brakes', description: '', x_position: 10, y_position: 10, width: 20, height: 15, start_time: 0, end_time: 30,
        action: 'show_info', action_data: { info_text: 'Test the brakes <b>first</b>.' },
        style: { background_color: '#2563eb', text_color: '#ffffff', border_color: '#1e40af', opacity: 0.8 }, is_active: true,
      },
    ],
    quizzes: [
      {
        id: 'quiz 1', question: 'What do you check <first>?', question_type: 'multiple_choice',
        options: [{ id: 'opt-a', text: 'The radio', is_correct: false }, { id: 'opt-b', text: 'The brakes', is_correct: true }, { id: 'opt-c', text: 'Nothing', is_correct: false }],
        correct_feedback: 'Right.', incorrect_feedback: 'No: the brakes.', show_time: quizAt, points: 10, auto_advance: false, required: true,
      },
    ],
    call_to_actions: [],
    chapters: [{ id: 'ch-1', title: 'Before you drive', description: '', start_time: 0, is_skippable: false }],
    branching_scenarios: [],
  };
  const issue = validateInteractiveVideo(metadata);
  if (issue) throw new Error(`fixture metadata invalid: ${JSON.stringify(issue)}`);
  return metadata;
}

export const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:02.000\nForklifts are heavy.\n';

export interface ZipEntryData {
  data: Buffer;
  /** 0 stored, 8 deflated. */
  compressionMethod: number;
}

export function readZip(path: string): Promise<Map<string, ZipEntryData>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, ZipEntryData>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, { data: Buffer.concat(chunks), compressionMethod: entry.compressionMethod });
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** xmllint's schema validation of `file`: '' when valid, else what xmllint says. */
export function xmllintErrors(schema: string, file: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}
