import { MAX_POINTS_PER_SLIDE, parseSlideText } from '@trainwright/formats';
import { measure, repeatedSentences, termVariants, unitVariants } from '../../src/quality/metrics.js';
import { contractPairs, countContractions, expandContractions, findPlaceholders, mapSentences, sentenceTone, syllables } from '../../src/quality/text.js';
import { FRENCH_SLIDES, POOR_SLIDES, SPANISH_SLIDES, content, goodContent, poorContent } from './fixtures.js';

describe('syllables', () => {
  it.each([
    ['the', 1],
    ['make', 1],
    ['table', 2],
    ['people', 2],
    ['wanted', 2],
    ['jumped', 1],
    ['boxes', 2],
    ['readability', 5],
    ['password', 2],
  ])('%s has %i', (word, n) => {
    expect(syllables(word)).toBe(n);
  });
});

describe('readability', () => {
  it('should rate short plain sentences easier than long technical ones', () => {
    const plain = measure(content('## A\n**Content:**\n- Lock your screen.\n- Use a long password.\n- Ask if you are not sure.'));
    const dense = measure(
      content(
        '## A\n**Speaker Notes:**\nOrganisational authentication infrastructure necessitates comprehensive cryptographic verification mechanisms, particularly regarding administrative privileges and institutional accountability requirements.',
      ),
    );
    expect(plain.reading_ease).toBeGreaterThan(dense.reading_ease);
    expect(plain.grade_level!).toBeLessThan(dense.grade_level!);
    expect(dense.long_sentence_count).toBe(0);
    expect(dense.words_per_sentence).toBe(16);
  });

  it('should use LIX for Spanish and French, without the English-only measures', () => {
    for (const [slides, language] of [
      [SPANISH_SLIDES, 'es'],
      [FRENCH_SLIDES, 'fr'],
    ] as const) {
      const m = measure(content(slides));
      expect(m.language).toBe(language);
      expect(m.flesch_reading_ease).toBeNull();
      expect(m.grade_level).toBeNull();
      expect(m.tone.passive_share).toBeNull();
      expect(m.lix).toBeGreaterThan(20);
      expect(m.reading_ease).toBeCloseTo(Math.min(100, Math.max(0, 100 - (m.lix - 20) * 2)), 0);
    }
  });
});

describe('slide measurements', () => {
  it('should count what the deck holds', () => {
    const deck = parseSlideText(POOR_SLIDES);
    const m = measure(poorContent());
    expect(m.slide_count).toBe(deck.slides.length);
    expect(m.dense_slide_count).toBe(deck.slides.filter((s) => s.points.length > MAX_POINTS_PER_SLIDE).length);
    expect(m.slides_without_notes).toBe(5);
    expect(m.point_count).toBe(deck.slides.reduce((n, s) => n + s.points.length, 0));
    expect(m.max_words_per_point).toBe(32);
    expect(m.has_objectives_slide).toBe(false);
    expect(m.has_summary_slide).toBe(false);
    expect(m.objective_count).toBe(0);
    expect(m.question_count).toBe(0);
    expect(m.placeholders).toEqual(['TODO', 'Lorem ipsum', '[insert screenshot of the password manager here]', '???']);
    expect(m.repeated_sentences).toEqual(['Reused passwords let one breach unlock many services.']);
    expect(m.ai_phrases).toEqual(expect.arrayContaining(["in today's fast-paced world,", 'leverage', 'delve into', 'robust']));
    // The longer and shorter forms of one phrase are one finding.
    expect(m.ai_phrases).not.toContain("in today's fast-paced world");
    expect(m.inconsistent_terms).toEqual([{ preferred: 'email', forms: ['email', 'e-mail'], counts: { email: 2, 'e-mail': 1 } }]);
    // Not in the text, but in the footer of each of the 5 slides (branding is on).
    expect(m.company_name_mentions).toBe(5);
  });

  it('should find structure, coverage and assessment in a complete deck', () => {
    const m = measure(goodContent());
    expect(m.roles[0]).toBe('title');
    expect(m.has_objectives_slide).toBe(true);
    expect(m.has_summary_slide).toBe(true);
    expect(m.has_knowledge_check_slide).toBe(true);
    expect(m.content_slide_count).toBe(5);
    expect(m.objective_coverage).toBe(1);
    expect(m.assessed_section_share).toBe(1);
    expect(m.bloom_levels).toMatchObject({ comprehension: 1, application: 1, analysis: 1, knowledge: 1, unclassified: 0 });
    // Twice in the notes, once in each slide's footer.
    expect(m.company_name_mentions).toBe(2 + m.slide_count);
    expect(m.placeholder_count + m.repeated_sentence_count + m.ai_phrase_count).toBe(0);
  });

  it('should report an objective the slides do not teach', () => {
    const c = { ...goodContent(), objectives: ['Explain why weak passwords put accounts at risk', 'Configure the corporate firewall rules for branch offices'] };
    const m = measure(c);
    expect(m.uncovered_objectives).toEqual(['Configure the corporate firewall rules for branch offices']);
    expect(m.objective_coverage).toBe(0.5);
  });
});

describe('text checks', () => {
  it('should find placeholder marks, but not the Spanish word todo', () => {
    expect(findPlaceholders('TODO: add chart. [Insert logo here] and ??? then {{name}}; lorem ipsum dolor')).toEqual([
      'TODO',
      '[Insert logo here]',
      '???',
      '{{name}}',
      'lorem ipsum',
    ]);
    expect(findPlaceholders('Todo el equipo revisa todo el contenido. What? Why?')).toEqual([]);
  });

  it('should expand every contraction it counts', () => {
    const text = "Don't panic, it's fine. You're ready and we'll help. Can't stop? It's been long. I'd go. They'd finished. Let's start.";
    const expanded = expandContractions(text);
    expect(expanded).toBe(
      'Do not panic, it is fine. You are ready and we will help. Cannot stop? It has been long. I would go. They had finished. Let us start.',
    );
    expect(countContractions(text)).toBe(9);
    expect(countContractions(expanded)).toBe(0);
    // Possessives are not contractions.
    expect(countContractions("The company's policy and the team's goals")).toBe(0);
  });

  it('should contract pairs only before another word', () => {
    expect(contractPairs('Do not worry, it is easy and you are ready. That is how it is.')).toBe("Don't worry, it's easy and you're ready. That's how it is.");
  });

  it('should read tone markers per sentence', () => {
    expect(sentenceTone("You'll love it!", 'en')).toMatchObject({ secondPerson: true, informal: true, exclamation: true, question: false });
    expect(sentenceTone('The form is signed by the manager.', 'en')).toMatchObject({ passive: true, secondPerson: false, informal: false });
    expect(sentenceTone('¿Usas tu contraseña dos veces?', 'es')).toMatchObject({ question: true, informal: true, secondPerson: true, passive: null });
    expect(sentenceTone('Vérifiez votre mot de passe.', 'fr')).toMatchObject({ imperative: true, secondPerson: true, informal: false });
  });

  it('should group spellings that differ by hyphen or inner capitals, not by a sentence capital', () => {
    const variants = termVariants(['Send an e-mail today.', 'Check your email daily.', 'Email is fast.', 'JavaScript runs here; Javascript is the same.']);
    expect(variants).toEqual([
      { preferred: 'email', forms: ['email', 'e-mail'], counts: { email: 2, 'e-mail': 1 } },
      // A capital first letter is not a spelling: 'Javascript' is recorded as 'javascript'.
      { preferred: 'JavaScript', forms: ['JavaScript', 'javascript'], counts: { JavaScript: 1, javascript: 1 } },
    ]);
    expect(termVariants(['Email is fast.', 'Send the email.', 'MULTI-FACTOR AUTHENTICATION', 'multi-factor authentication'])).toEqual([]);
  });

  it('should find a unit written in more than one way, counting singular and plural as one', () => {
    const [variant, ...rest] = unitVariants(['Files over 10MB are blocked.', 'Files under 10 MB pass.', 'The limit is 5 megabytes.', 'Wait 1 minute or 5 minutes.']);
    expect(rest).toEqual([]);
    expect(variant).toMatchObject({ unit: 'megabyte', forms: ['MB', ' MB', ' megabyte'], examples: ['10MB', '10 MB', '5 megabytes'] });
    expect(unitVariants(['Released in the 1990s, it took 2 hours and then 3 hours.'])).toEqual([]);
  });

  it('should count repeats within the slides and within the notes, not notes reading a point', () => {
    const deck = parseSlideText(
      [
        '## A\n**Content:**\n- Lock the screen before you leave the desk.\n**Speaker Notes:**\nLock the screen before you leave the desk.',
        '## B\n**Content:**\n- Lock the screen before you leave the desk\n**Speaker Notes:**\nLock the screen before you leave the desk!',
      ].join('\n\n'),
    );
    expect(repeatedSentences(deck)).toEqual(['Lock the screen before you leave the desk', 'Lock the screen before you leave the desk!']);
  });

  it('should rewrite sentence by sentence and keep untouched text identical', () => {
    const notes = 'First sentence here. Drop this one.\n\nDrop this one.\nLast line stays.';
    expect(mapSentences(notes, (s) => (s.startsWith('Drop') ? null : s))).toBe('First sentence here.\n\nLast line stays.');
    expect(mapSentences(notes, (s) => s)).toBe(notes);
  });
});

describe('determinism', () => {
  it('should measure the same content the same way', () => {
    expect(measure(poorContent())).toEqual(measure(poorContent()));
  });
});
