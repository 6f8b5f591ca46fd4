// software_analysis: the user's software details sorted per software item into an overview and
// the tasks the details mention, plus a practice slide per item built from those tasks. What the
// details do not say about an item is not made up: its slide asks the trainer to add it.
import { splitSentences, type Slide } from '@trainwright/formats';
import { emptySection } from '../../domain/source.js';
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { FRAMING, fill } from './framing.js';
import { fixedSlides } from './segment.js';
import type { EngineLanguage } from './stop-words.js';
import { cleanLine, detectLanguage } from './text-analysis.js';

// A sentence describes a task when it is a list item, starts with an action verb or says what
// the software is used for.
const TASK_VERBS: Record<EngineLanguage, RegExp> = {
  en: /^(?:add|analy[sz]e|approve|assign|book|build|calculate|check|click|close|configure|connect|create|delete|design|download|draft|edit|enter|export|fill|filter|find|format|generate|import|install|log|manage|merge|monitor|open|plan|prepare|print|process|publish|record|reconcile|review|run|save|schedule|search|select|send|set|share|sign|sort|submit|sync|track|update|upload|use|write)\b/i,
  es: /^(?:añad|analiz|aprob|asign|busc|calcul|comprob|configur|conect|cre|descarg|diseñ|edit|elimin|envi|export|filtr|gestion|guard|import|imprim|instal|introduc|orden|planific|prepar|program|public|registr|revis|seleccion|sub|usa|utiliz)\p{L}*/iu,
  fr: /^(?:ajout|analys|approuv|assign|calcul|chercher|clique|configur|connect|crée|cré|enregistr|envoi|envoy|export|filtr|gér|gere|import|imprim|install|modifi|ouvr|partag|planifi|prépar|publi|rechercher|remplir|saisi|sélectionn|suiv|supprim|télécharg|tri|utilis|vérifi)\p{L}*/iu,
};
const USED_FOR: Record<EngineLanguage, RegExp> = {
  en: /\b(?:used (?:to|for)|use it to|lets? (?:you|users|staff)|allows? (?:you|users|staff) to|how to)\b/i,
  es: /(?:se usa para|se utiliza para|permite|sirve para|cómo)/i,
  fr: /(?:sert à|permet de|permet d['’]|utilisé pour|comment)/i,
};
const LIST_ITEM = /^(?:[-*•▪◦]|\d{1,3}[.)])\s+/u;

interface DetailLine {
  text: string;
  listItem: boolean;
}

function detailLines(details: string): DetailLine[] {
  const out: DetailLine[] = [];
  for (const raw of details.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const listItem = LIST_ITEM.test(line);
    const body = line.replace(LIST_ITEM, '');
    for (const s of splitSentences(body)) out.push({ text: cleanLine(s.text), listItem });
  }
  return out;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface SoftwareMaterial {
  source: SourceDocument;
  /** Slides to put after a section's own slides, by section index (-1: before the first section). */
  extraSlides: Map<number, Slide[]>;
  /** Items the details say nothing about. */
  undocumented: string[];
}

export function softwareMaterial(details: string, softwareList: string[], title: string): SoftwareMaterial {
  const language = detectLanguage(details);
  const framing = FRAMING[language];
  const lines = detailLines(details);
  const items = [...new Set(softwareList.map(cleanLine).filter(Boolean))];
  const isTask = (l: DetailLine) => l.listItem || TASK_VERBS[language].test(l.text) || USED_FOR[language].test(l.text);
  const mentionsOf = items.map((item) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(item)}(?![\\p{L}\\p{N}])`, 'iu'));

  const sections: SourceSection[] = [];
  const extraSlides = new Map<number, Slide[]>();
  const undocumented: string[] = [];
  // Lines about no item in particular (or all of the details when no items are listed) open the deck.
  const general = lines.filter((l) => !mentionsOf.some((re) => re.test(l.text)));
  if (general.length > 0) {
    sections.push({
      ...emptySection(items.length > 0 ? framing.generalSoftware : title || framing.generalSoftware, 1),
      paragraphs: general.filter((l) => !isTask(l)).map((l) => l.text),
      bullets: general.filter(isTask).map((l) => l.text),
    });
  }
  items.forEach((item, i) => {
    const about = lines.filter((l) => mentionsOf[i]!.test(l.text));
    const tasks = about.filter(isTask).map((l) => l.text);
    const overview = about.filter((l) => !isTask(l)).map((l) => l.text);
    if (about.length === 0) {
      undocumented.push(item);
      // No section: the material has nothing on it. A prompt slide takes its place after the previous section.
      const at = sections.length - 1;
      extraSlides.set(at, [...(extraSlides.get(at) ?? []), ...fixedSlides(item, [fill(framing.softwareNoDetails, { x: item })], '')]);
      return;
    }
    if (overview.length > 0) sections.push({ ...emptySection(fill(framing.softwareOverview, { x: item }), 1), paragraphs: overview });
    if (tasks.length > 0) {
      sections.push({ ...emptySection(fill(framing.softwareTasks, { x: item }), 1), bullets: tasks });
      const practice = tasks.map((t) => fill(framing.softwarePracticeItem, { x: item, t }));
      extraSlides.set(sections.length - 1, fixedSlides(fill(framing.softwarePractice, { x: item }), practice, ''));
    }
  });
  return { source: { title, format: 'text', sections, origin: 'software details' }, extraSlides, undocumented };
}
