// Structure from unstructured text (issue 27): titles run into their sentences, topic
// segmentation by lexical cohesion, transcripts, and the topic sections the engine builds of them.
import { countWords, splitSentences } from '@trainwright/formats';
import { emptySection } from '../../../src/domain/source.js';
import type { SourceDocument } from '../../../src/domain/types.js';
import { MIN_SEGMENT_SENTENCES, segmentCountRange, topicBoundaries } from '../../../src/adapters/offline/cohesion.js';
import { contentLemmas, inlineHeading, titleLike, withoutLeadingFillers } from '../../../src/adapters/offline/nlp.js';
import { textToSource } from '../../../src/adapters/offline/plain-text.js';
import { withoutTranscriptMarks } from '../../../src/adapters/offline/spoken.js';
import { withTopicSections } from '../../../src/adapters/offline/topics.js';
import { documentFromText } from '../../../src/ingest/index.js';

const COFFEE = [
  'The coffee machine in the kitchen is cleaned every Friday afternoon.',
  'Empty the drip tray and the coffee grounds container into the compost bin.',
  'Run the cleaning tablet programme with the water tank filled to the top.',
  'Wipe the milk nozzle with a damp cloth after every milk drink.',
  'A machine with a full grounds container stops brewing until it is emptied.',
  'Descale the coffee machine once a month with the descaler from the cupboard.',
  'Fresh coffee beans for the machine are delivered to the kitchen every Monday morning.',
  'Report a broken coffee machine to the facilities desk rather than opening it yourself.',
];
const PASSWORDS = [
  'Your password protects the company network and your own files.',
  'Choose a password of at least fourteen characters that you use nowhere else.',
  'A password manager stores every password behind one strong master password.',
  'Never write a password on a note or share it with a colleague.',
  'The IT desk never asks for your password by phone or by email.',
  'Change your password at once if you think someone else knows it.',
  'A strong password mixes words, numbers and symbols that nobody could guess from your profile.',
  'Your account is locked after five wrong passwords, and the IT desk unlocks the account again.',
];
const PARKING = [
  'Staff parking is in the car park behind the north building.',
  'Park only in the marked bays and leave the visitor bays at the entrance free.',
  'Cars without a parking permit on the windscreen are towed away at the owner’s cost.',
  'Request a parking permit from reception with your car’s registration number.',
  'Bicycles go in the covered bicycle shelter next to the car park gate.',
  'The car park gate closes at eight in the evening and opens at six in the morning.',
  'Electric cars charge at the four charging points next to the car park entrance.',
  'Visitors park in the visitor bays and show their parking ticket at reception.',
];
const BLOB = [...COFFEE, ...PASSWORDS, ...PARKING];
const source = (paragraphs: string[], title = ''): SourceDocument => ({ title, format: 'text', origin: 'pasted text', sections: [{ ...emptySection('', 0), paragraphs }] });

describe('inline headings', () => {
  it('splits a title run into its first sentence off as a heading', () => {
    expect(inlineHeading('Load handling Never exceed the rated capacity of 2,500 kg.')).toEqual({ heading: 'Load handling', rest: 'Never exceed the rated capacity of 2,500 kg.' });
    expect(inlineHeading('Burns and scalds Cool the burn under cool running water for at least twenty minutes.')).toEqual({ heading: 'Burns and scalds', rest: 'Cool the burn under cool running water for at least twenty minutes.' });
    expect(inlineHeading('Recovery position If the casualty is breathing, roll them onto their side.')?.heading).toBe('Recovery position');
    expect(inlineHeading('Reporting a breach You must tell the data protection officer within one hour.')?.heading).toBe('Reporting a breach');
    expect(inlineHeading('Before you help Check that the scene is safe before you approach a casualty.')?.heading).toBe('Before you help');
    expect(inlineHeading('Workplace First Aid Every workplace needs trained first aiders.')?.heading).toBe('Workplace First Aid');
  });

  it('leaves ordinary sentences whole: subjects, names, "The ..." starts', () => {
    for (const sentence of [
      'Speed limits keep everyone safe.',
      'The Data Protection Officer Keeps a register of every breach.',
      'Report it to Human Resources before the end of the day.',
      'Select New report in the top menu and give it a short name.',
      'Every shift starts with a pre-use inspection.',
      'Employees in London Anna Smith approves every request.',
      'New York Office Hours are from nine to five.',
    ]) expect({ sentence, split: inlineHeading(sentence) }).toEqual({ sentence, split: null });
  });

  it('reads a title as a noun phrase without a finite verb, or a short clause of the title kind', () => {
    for (const t of ['Load handling', 'Severe bleeding', 'Calling for help', 'When the alarm sounds', 'How to lift']) expect({ t, ok: titleLike(t) }).toEqual({ t, ok: true });
    for (const t of ['The recovery position', 'Check your equipment', 'Drivers must stop', 'Okay so']) expect({ t, ok: titleLike(t) }).toEqual({ t, ok: false });
  });

  it('takes a title line run straight into its text as a heading, in uploaded and in pasted text', () => {
    const text = 'Forklift Safety\n\nEvery shift starts with an inspection. Report damage to your supervisor.\nLoad handling\nNever exceed the rated capacity. Carry loads low.\nParking\nLower the forks flat to the floor.';
    expect(documentFromText(text, '').sections.map((s) => s.heading)).toEqual(['', 'Load handling', 'Parking']);
    expect(textToSource(text, '').sections.map((s) => s.heading)).toEqual(['', 'Load handling', 'Parking']);
    // A wrapped line is no title: it follows no finished sentence, or the next line goes on in lower case.
    expect(documentFromText('Every shift starts with an inspection of the\nForks and chains\nbefore you drive.', '').sections.map((s) => s.heading)).toEqual(['']);
    // A first line that is a sentence names nothing: the project's title is used.
    expect(documentFromText('[00:00:04] Trainer: Okay, good morning everyone, and thanks for joining this session.', '').title).toBe('');
  });
});

describe('topic segmentation by lexical cohesion', () => {
  it('splits three unrelated topics run together at the sentences where the topic changes', () => {
    const words = BLOB.map(countWords);
    expect(topicBoundaries({ sentences: BLOB, words })).toEqual([COFFEE.length, COFFEE.length + PASSWORDS.length]);
  });

  it('reads content words as roots by their part of speech, no word list', () => {
    expect(contentLemmas('Empty the drip trays and the containers into the bins.')).toEqual(expect.arrayContaining(['tray', 'container', 'bin']));
    // Pronouns, modals, numbers: no content.
    expect(contentLemmas('You must check them 24 times.')).toEqual(['check', 'time']);
  });

  it('sizes the count by the length: one segment per 80 to 200 words, each at least three sentences', () => {
    expect(segmentCountRange(300, 18)).toEqual({ min: 2, max: 3 });
    expect(segmentCountRange(120, 9)).toEqual({ min: 1, max: 1 });
    expect(segmentCountRange(2000, 12)).toEqual({ min: 4, max: 12 / MIN_SEGMENT_SENTENCES });
    expect(topicBoundaries({ sentences: COFFEE, words: COFFEE.map(countWords) })).toEqual([]);
  });

  it('makes a blob without headings or paragraphs into titled topic sections, each with its own sentences', () => {
    const result = withTopicSections(source([BLOB.join(' ')]), 'en');
    expect(result.sections).toHaveLength(3);
    const titles = result.sections.map((s) => s.heading);
    expect(new Set(titles).size).toBe(3);
    for (const t of titles) expect(t).not.toMatch(/^(?:Introduction|)$/);
    expect(titles[0]).toMatch(/coffee/i);
    expect(titles[1]).toMatch(/password/i);
    expect(titles[2]).toMatch(/park|car/i);
    expect(result.sections.map((s) => splitSentences(s.paragraphs.join(' ')).map((x) => x.text))).toEqual([COFFEE, PASSWORDS, PARKING]);
  });

  it('splits at titles run into the text, the document’s own title left to the cover', () => {
    const blob = `Office Basics ${COFFEE.join(' ')} Passwords and accounts ${PASSWORDS.join(' ')} Parking at the office ${PARKING.join(' ')}`;
    const result = withTopicSections(source([blob], 'Office Basics'), 'en');
    expect(result.sections.map((s) => s.heading)).toEqual([expect.stringMatching(/coffee/i), 'Passwords and accounts', 'Parking at the office']);
    expect(result.sections[1]!.paragraphs).toEqual([PASSWORDS.join(' ')]);
  });

  it('keeps topic-sized paragraphs as they are, and Spanish material whole', () => {
    const paragraphs = [COFFEE.join(' '), PASSWORDS.join(' '), PARKING.join(' ')];
    expect(withTopicSections(source(paragraphs), 'en').sections.map((s) => s.paragraphs)).toEqual(paragraphs.map((p) => [p]));
    const es = source(['El extintor está junto a la puerta. Compruebe la presión cada mes.']);
    expect(withTopicSections(es, 'es')).toBe(es);
  });
});

describe('transcripts', () => {
  const transcript = [
    '[00:00:04] Trainer: Okay, so good morning and welcome to the session on passwords.',
    `[00:00:12] Trainer: ${PASSWORDS.slice(0, 3).join(' ')}`,
    '[00:01:05] Participant: What about the password of my phone?',
    `[00:01:09] Trainer: Right, ${PASSWORDS.slice(3).join(' ')}`,
  ].join('\n');

  it('removes timestamps and speaker labels, one paragraph per turn, and the fillers that open a sentence', () => {
    const doc = withoutTranscriptMarks(documentFromText(transcript, ''), 'en');
    const paragraphs = doc.sections.flatMap((s) => s.paragraphs);
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[0]).toBe('Good morning and welcome to the session on passwords.');
    expect(paragraphs[2]).toBe('What about the password of my phone?');
    expect(paragraphs[3]!.startsWith('Never write a password on a note')).toBe(true);
    for (const p of paragraphs) expect(p).not.toMatch(/\d{2}:\d{2}|Trainer|Participant/);
  });

  it('leaves text that is no transcript alone, labels and times of day included', () => {
    const doc = documentFromText('Note: the meeting starts at 09:30 in room 4. Bring your laptop.', '');
    expect(withoutTranscriptMarks(doc, 'en')).toBe(doc);
  });

  it('drops a spoken sentence’s leading fillers only when a clause follows', () => {
    expect(withoutLeadingFillers('Okay, so the second topic is sending personal data by email.')).toBe('The second topic is sending personal data by email.');
    expect(withoutLeadingFillers('So that is it.')).toBe('That is it.');
    expect(withoutLeadingFillers('Okay.')).toBe('Okay.');
    expect(withoutLeadingFillers('Check the recipient twice.')).toBe('Check the recipient twice.');
  });
});
