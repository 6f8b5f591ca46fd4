// Trainer notes are never narrated or subtitled (issue 23 point 6, DECISIONS.md "Learners and
// trainers"): a project's own trainer notes, and the engine prompts that content stored before
// trainer notes existed keeps in its speaker notes and script. The speech provider writes
// silence: the text is what is tested, not the media.
import { writeFile } from 'node:fs/promises';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { SpeechProvider } from '../../src/domain/types.js';
import { renderTxt } from '../../src/render/txt.js';
import { renderInputOf } from '../../src/services/renders/render-input.js';
import { pcmToWav } from '../../src/adapters/speech/wav.js';
import { narrate, narrationTexts } from '../../src/video/narration.js';
import { buildCues, toWebVtt } from '../../src/video/subtitles.js';
import { tempDir } from './helpers.js';

const PROMPT = 'Trainer prompt: present Listening in your own words. This outline holds no facts yet.';
const TRAINER_ONLY = /Trainer prompt|outline holds no facts|Time: about|For beginners/;

/** What the generator stored for a topic outline before trainer notes existed (slides and the script made from them). */
const OLD_SLIDES = `# Complaints\n\n## What you will learn\n\n**Content:**\n- Acknowledge a complaint\n\n**Speaker Notes:**\nThis training covers: Listening.\n\n## Listening\n\n**Content:**\n- Explain Listening for beginners\n\n**Speaker Notes:**\nTime: about 5 min.\n\n${PROMPT}\n`;
const OLD_SCRIPT = `[SCENE: What you will learn]\n\nNARRATOR: This training covers: Listening.\n\n[TRANSITION: Next slide]\n\n[SCENE: Listening]\n\nNARRATOR: Time: about 5 min.\n\nNARRATOR: ${PROMPT}\n`;
/** The same content as the generator writes it now. */
const NEW_SLIDES = `# Complaints\n\n## What you will learn\n\n**Content:**\n- Acknowledge a complaint\n\n**Speaker Notes:**\nThis training covers: Listening.\n\n## Listening\n\n**Content:**\n- Explain Listening for beginners\n\n**Trainer Notes:**\nTime: about 5 min.\n\n${PROMPT}\n\nFor beginners: define each term before you use it.\n`;

const project = (slideContent: string, script: string) =>
  Project.fromPartial({ id: 'p1', title: 'Complaints', primaryLanguage: 'en', generatedContent: { slides: { slideContent }, script, objectives: ['Acknowledge a complaint'] } });

const SILENT: SpeechProvider = {
  name: 'silent',
  voices: async () => [],
  synthesize: async (text, _settings, out) => {
    // 10 ms of silence per character: long enough for every cue to have its own time.
    const ms = 10 * text.length;
    await writeFile(out, pcmToWav(Buffer.alloc(Math.round(ms * 16)), { sampleRate: 8000, channels: 1, bitsPerSample: 16 }));
    return { wavPath: out, durationMs: ms };
  },
};

describe('narration and subtitles carry learner text only', () => {
  it.each([
    ['content stored before trainer notes existed', project(OLD_SLIDES, OLD_SCRIPT)],
    ['content with trainer notes', project(NEW_SLIDES, '')],
  ])('should say and subtitle none of the trainer notes of %s', async (_name, stored) => {
    const input = renderInputOf(stored, null, null);
    const texts = narrationTexts(input);
    expect(texts.join('\n')).not.toMatch(TRAINER_ONLY);
    // The learner text is still said: the title, the opening notes, and the slide's own point in place of the prompt.
    expect(texts).toEqual(['Complaints.', 'This training covers: Listening.', 'Explain Listening for beginners.']);
    const dir = await tempDir('trainer-notes-');
    try {
      const vtt = toWebVtt(buildCues((await narrate(input, SILENT, { provider: 'silent', voice: 'x' }, dir.path)).slides));
      expect(vtt).toContain('Explain Listening for beginners.');
      expect(vtt).not.toMatch(TRAINER_ONLY);
    } finally {
      await dir.remove();
    }
  });

  it('should keep trainer notes in the trainer’s documents, under their label', () => {
    const txt = renderTxt(renderInputOf(project(NEW_SLIDES, ''), null, null));
    expect(txt).toContain('Trainer notes');
    expect(txt).toContain(PROMPT);
    expect(txt).toContain('For beginners: define each term before you use it.');
  });
});
