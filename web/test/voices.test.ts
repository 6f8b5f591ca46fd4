// The voice library (lib/voices.ts and the card): clone checks with the server's messages, the
// multipart body, the category filter, preview addresses, and how a locked voice is shown (the
// message in the interface language, Select and Preview marked disabled, the message after a click).
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18n from '../app/i18n/index.js';
import { VoiceCard } from '../app/components/voices/VoiceLibrary.js';
import { toError } from '../app/lib/api.js';
import { errorText, serverErrorText } from '../app/lib/errors.js';
import {
  categoryFilters,
  checkCloneRequest,
  cloneCheckText,
  cloneFileProblem,
  cloneFormData,
  CLONE_REQUIRED_MESSAGE,
  filterVoices,
  previewAudioUrl,
  voiceLockText,
  voiceSelectionOf,
  type CloneCheck,
  type Voice,
} from '../app/lib/voices.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const fr = i18n.getFixedT('fr');

const file = (name: string, size: number) => ({ name, size });
const failed = (check: CloneCheck) => {
  if (check.ok) throw new Error('expected a failed check');
  return check;
};

describe('clone checks', () => {
  it('needs a name and at least one file, with the specification message', () => {
    for (const input of [
      { name: '', files: [file('a.mp3', 10)] },
      { name: '   ', files: [file('a.mp3', 10)] },
      { name: 'Coach', files: [] },
    ]) {
      const check = failed(checkCloneRequest(input));
      expect(check).toEqual({ ok: false, code: 'required' });
      expect(cloneCheckText(check, en, 'en')).toBe(CLONE_REQUIRED_MESSAGE);
      expect(cloneCheckText(check, en, 'en')).toBe('Please provide a name and at least one audio file');
    }
    expect(cloneCheckText({ ok: false, code: 'required' }, es, 'es')).toBe('Indica un nombre y al menos un archivo de audio');
  });

  it("checks each file like the server, in its order, with the server's words", () => {
    expect(cloneFileProblem(file('talk.MP3', 1000))).toBeNull();
    for (const ok of ['a.wav', 'a.m4a', 'a.aac', 'b.Wav']) expect(cloneFileProblem(file(ok, 1))).toBeNull();
    expect(cloneFileProblem(file('notes.ogg', 10))).toEqual({ code: 'type', name: 'notes.ogg', size: 10 });
    expect(cloneFileProblem(file('mp3', 10))?.code).toBe('type');
    expect(cloneFileProblem(file('empty.wav', 0))?.code).toBe('empty');
    expect(cloneFileProblem(file('max.wav', 10_485_760))).toBeNull();
    expect(cloneFileProblem(file('big.wav', 10_485_761))?.code).toBe('tooLarge');

    const text = (name: string, size: number) => cloneCheckText(failed(checkCloneRequest({ name: 'Coach', files: [file('ok.mp3', 5), file(name, size)] })), en, 'en');
    expect(text('notes.ogg', 10)).toBe("'notes.ogg' is not a supported audio file. Use MP3, WAV, M4A or AAC.");
    expect(text('empty.wav', 0)).toBe("'empty.wav' is empty.");
    expect(text('big.wav', 13_107_200)).toBe("'big.wav' is 12.5 MB; each audio file may be at most 10 MB (10485760 bytes).");
    expect(cloneCheckText(failed(checkCloneRequest({ name: 'Coach', files: [file('big.wav', 13_107_200)] })), fr, 'fr')).toMatch(
      /^« big\.wav » pèse 12,5\sMo ; chaque fichier audio peut peser au plus 10 Mo/,
    );
  });

  it('refuses more samples than the gateway takes', () => {
    const files = Array.from({ length: 11 }, (_, i) => file(`s${i}.mp3`, 10));
    const check = failed(checkCloneRequest({ name: 'Coach', files }));
    expect(check).toEqual({ ok: false, code: 'tooMany', max: 10 });
    expect(cloneCheckText(check, en, 'en')).toBe('You can send at most 10 audio files at a time.');
  });

  it('passes a valid request with the name and description trimmed', () => {
    expect(checkCloneRequest({ name: '  Coach ', description: ' Warm ', files: [file('a.mp3', 10)] })).toEqual({ ok: true, name: 'Coach', description: 'Warm' });
    expect(checkCloneRequest({ name: 'Coach', files: [file('a.mp3', 10)] })).toEqual({ ok: true, name: 'Coach', description: '' });
  });

  it('sends name, description, then each sample as files', () => {
    const samples = [new File(['a'], 'one.mp3'), new File(['bb'], 'two.wav')];
    const form = cloneFormData({ name: 'Coach', description: 'Warm', files: samples });
    expect([...form.keys()]).toEqual(['name', 'description', 'files', 'files']);
    expect(form.get('name')).toBe('Coach');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['one.mp3', 'two.wav']);
  });
});

const voice = (over: Partial<Voice> = {}): Voice => ({
  voice_id: 'flite:slt',
  name: 'English (America), Flite slt',
  category: 'premade',
  description: '',
  settings: {},
  is_premium: false,
  labels: { gender: 'female', age: 'adult', accent: 'America', language: 'en-us' },
  tier: 'free-trial',
  locked: false,
  locked_message: '',
  ...over,
});

describe('the library', () => {
  it("filters by category: 'All' with the number of voices, then the server's categories", () => {
    const voices = [voice(), voice({ voice_id: 'b', category: 'premade' }), voice({ voice_id: 'c', category: 'cloned' })];
    expect(categoryFilters({ voices, categories: { premade: 2, cloned: 1 } })).toEqual([
      { category: '', count: 3 },
      { category: 'premade', count: 2 },
      { category: 'cloned', count: 1 },
    ]);
    expect(categoryFilters({ voices, categories: {} })).toEqual([
      { category: '', count: 3 },
      { category: 'premade', count: 2 },
      { category: 'cloned', count: 1 },
    ]);
    expect(filterVoices(voices, 'cloned').map((v) => v.voice_id)).toEqual(['c']);
    expect(filterVoices(voices, '')).toHaveLength(3);
    expect(en('voices.all', { number: 3 })).toBe('All (3)');
  });

  it('reports the selection as voice_id, name and category', () => {
    expect(voiceSelectionOf(voice({ voice_id: 'custom:7', name: 'Coach', category: 'matched' }))).toEqual({ voice_id: 'custom:7', name: 'Coach', category: 'matched' });
  });

  it('plays previews from our own origin only', () => {
    const origin = 'https://app.example.com';
    expect(previewAudioUrl('/api/voices/previews/0123456789abcdef0123456789abcdef.wav', origin)).toBe(
      'https://app.example.com/api/voices/previews/0123456789abcdef0123456789abcdef.wav',
    );
    expect(previewAudioUrl('https://evil.example.net/a.wav', origin)).toBeNull();
    expect(previewAudioUrl('javascript:alert(1)', origin)).toBeNull();
    expect(previewAudioUrl('', origin)).toBeNull();
    expect(previewAudioUrl(undefined, origin)).toBeNull();
  });
});

describe('locked voices', () => {
  const locked = voice({ locked: true, tier: 'business', locked_message: 'This voice requires Business or higher subscription.' });

  it("says the server's lock message, in the interface language", () => {
    expect(voiceLockText(locked, en)).toBe('This voice requires Business or higher subscription.');
    expect(voiceLockText(locked, es)).toBe('Esta voz requiere la suscripción Business o superior.');
    expect(voiceLockText(locked, fr)).toBe('Cette voix nécessite l’abonnement Business ou supérieur.');
    expect(voiceLockText(voice(), en)).toBeNull();
    expect(voiceLockText({ ...locked, locked_message: '' }, en)).toBe('This voice requires Business or higher subscription.');
    expect(voiceLockText({ ...locked, locked_message: '', tier: '' }, en)).toBe('This voice requires a higher subscription.');
    // The card speaks from the voice's plan; a message is shown as sent only for a voice without one.
    expect(voiceLockText({ ...locked, locked_message: 'Ask your admin.' }, fr)).toBe('Cette voix nécessite l’abonnement Business ou supérieur.');
    expect(voiceLockText({ ...locked, locked_message: 'Ask your admin.', tier: '' }, en)).toBe('Ask your admin.');
  });

  it('translates the 403 of a create with a locked voice by its message id', () => {
    const locked = toError(403, { code: 'FEATURE_NOT_AVAILABLE', message: 'This voice requires Enterprise or higher subscription.', message_id: 'voices.locked', params: ['enterprise'] });
    expect(errorText(locked, es)).toBe('Esta voz requiere la suscripción Enterprise o superior.');
    expect(serverErrorText(locked, fr)).toBe('Cette voix nécessite l’abonnement Enterprise ou supérieur.');
    // A message this app has no id for is shown as the server sent it, never guessed from its text.
    const unnamed = toError(403, { code: 'FEATURE_NOT_AVAILABLE', message: 'This voice requires Professional or higher subscription.' });
    expect(serverErrorText(unnamed, fr)).toBe('This voice requires Professional or higher subscription.');
  });

  const render = (props: Partial<Parameters<typeof VoiceCard>[0]> = {}) =>
    renderToStaticMarkup(
      h(VoiceCard, {
        voice: voice(),
        selected: false,
        preview: 'idle',
        lockShown: false,
        onPreview: () => undefined,
        onSelect: () => undefined,
        ...props,
      }),
    );
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

  it('shows a lock, marks Preview and Select disabled, and the message once clicked', () => {
    const closed = render({ voice: locked });
    expect(closed).toContain('data-locked="true"');
    expect(text(closed)).toContain('Locked');
    expect(closed.match(/aria-disabled="true"/g)).toHaveLength(2);
    expect(text(closed)).not.toContain('This voice requires');

    const shown = render({ voice: locked, lockShown: true, upgradeLink: h('a', { href: '/billing' }, 'See plans') });
    expect(shown).toContain('role="alert"');
    expect(text(shown)).toContain('This voice requires Business or higher subscription. See plans');
    expect(shown).toMatch(/aria-describedby="[^"]+-lock"/);
  });

  it('shows a usable voice with its name, default description, labels and enabled buttons', () => {
    const html = render({ voice: voice({ is_premium: true }), selected: true });
    const shown = text(html);
    expect(shown).toContain('English (America), Flite slt');
    expect(shown).toContain('Premium');
    expect(shown).toContain('Professional AI voice');
    expect(shown).toContain('Female · Adult · America');
    expect(shown).toContain('Selected');
    expect(html).not.toContain('aria-disabled="');
    expect(html).toContain('aria-label="Preview English (America), Flite slt"');
    expect(html).toContain('aria-label="Select English (America), Flite slt"');
    expect(text(render({ preview: 'playing' }))).toContain('Stop');
    expect(text(render({ voice: voice({ category: 'matched', description: 'Tuned from 2 samples' }) }))).toContain('Matched');
  });
});
