// The offline engine's own words: slide titles, trainer prompts, question stems, style and
// audience framing, in the three interface languages. Everything the engine writes that is not
// the user's material or request comes from here, so `framingVocabulary` can list it and tests can
// check that an outline adds no facts.
import type { Audience, DifficultyLevel, Industry, WritingStyle } from '@trainwright/catalogue';
import { PRODUCT_HEADINGS } from '@trainwright/catalogue';
// The knowledge check's item form: formats reads it back from edited slides.
import { CHECK_ITEMS } from '@trainwright/formats';
import { AI_PHRASES } from './ai-phrases.js';
import { tokenize } from './text-analysis.js';
import type { EngineLanguage } from './stop-words.js';

export interface Framing {
  introduction: string;
  objectivesTitle: { plain: string; friendly: string };
  summaryTitle: { plain: string; friendly: string };
  audienceName: Record<Audience, string>;
  audienceTip: Record<Audience, string>;
  industryName: Record<Industry, string>;
  levelName: Record<DifficultyLevel, string>;
  levelLabel: string;
  /** Action verbs by Bloom level, simplest first. */
  bloom: Record<DifficultyLevel, readonly string[]>;
  /** {v} verb, {x} what. */
  objective: string;
  titleNotes: string;
  summaryNotes: string;
  keyTerms: string;
  timing: string;
  /** Question stems and answers. */
  cloze: string;
  trueFalse: string;
  trueLabel: string;
  falseLabel: string;
  /** {x} is the section's title or main term. */
  scenario: readonly string[];
  explainQuote: string;
  explainSection: string;
  questionTitle: string;
  answer: string;
  /** Topic outline prompts for the trainer. */
  outlineCovers: string;
  outlineKeyPoints: string;
  outlineExplain: string;
  outlineExample: string;
  outlineVisual: string;
  outlinePractice: string;
  outlineDiscussion: string;
  outlineNotes: string;
  outlineContext: string;
  outlineBrandVoice: string;
  examplesTitle: string;
  practiceTitle: string;
  discussionTitle: string;
  knowledgeCheck: string;
  checkItem: string;
  /** Learning path. {x} is the main topic. */
  pathOverview: string;
  moduleTitle: string;
  prerequisitesModule: string;
  prerequisitesObjective: string;
  stageTitles: Record<DifficultyLevel, readonly string[]>;
  stageObjectives: Record<DifficultyLevel, readonly string[]>;
  practiceActivity: string;
  industrySetting: string;
  prerequisitesLabel: string;
  noPrerequisites: string;
  checklistTitle: string;
  checklistNote: string;
  assessmentNote: string;
  /** Software analysis. {x} is the software, {t} a task from the details. */
  softwareOverview: string;
  softwareTasks: string;
  softwarePractice: string;
  softwarePracticeItem: string;
  softwareNoDetails: string;
  generalSoftware: string;
}

/** The fixed headings a translated deck also takes (PRODUCT_HEADINGS: the catalogue holds them for translation). */
function headingsOf(language: keyof typeof PRODUCT_HEADINGS): Pick<Framing, 'introduction' | 'objectivesTitle' | 'summaryTitle'> {
  const h = PRODUCT_HEADINGS[language];
  return { introduction: h.introduction, objectivesTitle: { plain: h.objectives, friendly: h.objectivesFriendly }, summaryTitle: { plain: h.summary, friendly: h.summaryFriendly } };
}

const EN: Framing = {
  ...headingsOf('en'),
  audienceName: {
    beginners: 'beginners',
    intermediate: 'intermediate learners',
    advanced: 'advanced learners',
    executives: 'executives',
    technical: 'technical staff',
    general: 'a general audience',
    students: 'students',
    trainers: 'trainers',
  },
  audienceTip: {
    beginners: 'For beginners: define each term before you use it.',
    intermediate: 'For intermediate learners: link each point to tasks they already do.',
    advanced: 'For advanced learners: focus on exceptions and trade-offs.',
    executives: 'For executives: lead with the decision each point supports.',
    technical: 'For technical staff: show the exact steps and settings.',
    general: 'For a general audience: keep to plain words and one idea per slide.',
    students: 'For students: check understanding after each section.',
    trainers: 'For trainers: note where learners usually need more time.',
  },
  industryName: {
    technology: 'technology',
    healthcare: 'healthcare',
    finance: 'finance',
    education: 'education',
    manufacturing: 'manufacturing',
    retail: 'retail',
    hospitality: 'hospitality',
    government: 'government',
    nonprofit: 'the nonprofit sector',
    consulting: 'consulting',
    general: 'your organisation',
  },
  levelName: { basic: 'basic', intermediate: 'intermediate', advanced: 'advanced' },
  levelLabel: 'Level: {x}',
  bloom: {
    basic: ['Identify', 'Describe', 'Recognise', 'List'],
    intermediate: ['Explain', 'Apply', 'Compare', 'Use'],
    advanced: ['Analyse', 'Evaluate', 'Justify', 'Plan'],
  },
  objective: '{v} {x}',
  titleNotes: 'This training covers: {x}.',
  summaryNotes: 'These are the points to remember from this session.',
  keyTerms: 'Key terms: {x}',
  timing: 'Time: about {n} min.',
  cloze: 'Complete the statement from the material:',
  trueFalse: 'True or false?',
  trueLabel: 'True',
  falseLabel: 'False',
  scenario: [
    'A colleague asks you about {x}. Which statement from the material applies?',
    'A new team member is preparing a task on {x}. Which statement from the material applies?',
    'During a team meeting, someone raises a question on {x}. Which statement from the material applies?',
  ],
  explainQuote: 'The material says: "{x}"',
  explainSection: 'The material covers this under {h}: "{x}"',
  questionTitle: 'Question {n}',
  answer: 'Answer: {x}',
  outlineCovers: 'What this training covers',
  outlineKeyPoints: 'Key points about {x}: add them from your own material',
  outlineExplain: 'Explain {x} for {a}',
  outlineExample: 'Add an example from your team: {x}',
  outlineVisual: 'Add a photo, diagram or screenshot: {x}',
  outlinePractice: 'Practice: plan a short exercise on {x}',
  outlineDiscussion: 'Discussion: ask the group how {x} applies to their work',
  outlineNotes: 'Trainer prompt: present {x} in your own words. This outline holds no facts yet.',
  outlineContext: 'Company context: {x}',
  outlineBrandVoice: 'Brand voice: {x}',
  examplesTitle: 'Examples: {x}',
  practiceTitle: 'Practice: {x}',
  discussionTitle: 'Discussion: {x}',
  knowledgeCheck: PRODUCT_HEADINGS.en.knowledgeCheck,
  checkItem: CHECK_ITEMS.en,
  pathOverview: 'Learning path: {x}',
  moduleTitle: 'Module {n}: {x}',
  prerequisitesModule: 'Prerequisites for {x}',
  prerequisitesObjective: 'Confirm the knowledge you need before starting {x}',
  stageTitles: {
    basic: ['Foundations of {x}', 'Key terms of {x}', 'First steps in {x}', 'Everyday use of {x}'],
    intermediate: ['Applying {x}', 'Working with {x}', 'Common situations in {x}', 'Solving problems in {x}'],
    advanced: ['Analysing {x}', 'Improving {x}', 'Leading {x}', 'Reviewing {x}'],
  },
  stageObjectives: {
    basic: ['Identify the key terms of {x}', 'Describe the basic principles of {x}'],
    intermediate: ['Apply {x} to everyday tasks', 'Explain how {x} works in practice'],
    advanced: ['Analyse problems in {x}', 'Evaluate ways to improve {x}'],
  },
  practiceActivity: 'Practice: apply {x} to a task from your own work',
  industrySetting: '{x} in {i}',
  prerequisitesLabel: 'Prerequisites: {x}',
  noPrerequisites: 'Prerequisites: none',
  checklistTitle: 'Checklist: {x}',
  checklistNote: 'A checklist of the objectives of this module, not a test: there is no source material to ask questions about.',
  assessmentNote: 'Assessment: questions from the material, see the question list.',
  softwareOverview: '{x}: overview',
  softwareTasks: '{x}: tasks',
  softwarePractice: '{x}: practice',
  softwarePracticeItem: 'Try this in {x}: {t}',
  softwareNoDetails: 'Add the tasks your team does in {x}.',
  generalSoftware: 'Overview',
};

const ES: Framing = {
  ...headingsOf('es'),
  audienceName: {
    beginners: 'principiantes',
    intermediate: 'alumnos de nivel intermedio',
    advanced: 'alumnos avanzados',
    executives: 'directivos',
    technical: 'personal técnico',
    general: 'un público general',
    students: 'estudiantes',
    trainers: 'formadores',
  },
  audienceTip: {
    beginners: 'Para principiantes: defina cada término antes de usarlo.',
    intermediate: 'Para alumnos de nivel intermedio: relacione cada punto con tareas que ya hacen.',
    advanced: 'Para alumnos avanzados: céntrese en las excepciones y los compromisos.',
    executives: 'Para directivos: empiece por la decisión que apoya cada punto.',
    technical: 'Para personal técnico: muestre los pasos y ajustes exactos.',
    general: 'Para un público general: use palabras sencillas y una idea por diapositiva.',
    students: 'Para estudiantes: compruebe la comprensión después de cada sección.',
    trainers: 'Para formadores: anote dónde los alumnos suelen necesitar más tiempo.',
  },
  industryName: {
    technology: 'tecnología',
    healthcare: 'sanidad',
    finance: 'finanzas',
    education: 'educación',
    manufacturing: 'fabricación',
    retail: 'comercio minorista',
    hospitality: 'hostelería',
    government: 'administración pública',
    nonprofit: 'el sector sin ánimo de lucro',
    consulting: 'consultoría',
    general: 'su organización',
  },
  levelName: { basic: 'básico', intermediate: 'intermedio', advanced: 'avanzado' },
  levelLabel: 'Nivel: {x}',
  bloom: {
    basic: ['Identificar', 'Describir', 'Reconocer', 'Enumerar'],
    intermediate: ['Explicar', 'Aplicar', 'Comparar', 'Utilizar'],
    advanced: ['Analizar', 'Evaluar', 'Justificar', 'Planificar'],
  },
  objective: '{v} {x}',
  titleNotes: 'Esta formación trata: {x}.',
  summaryNotes: 'Estos son los puntos que conviene recordar de esta sesión.',
  keyTerms: 'Términos clave: {x}',
  timing: 'Tiempo: unos {n} min.',
  cloze: 'Complete la afirmación del material:',
  trueFalse: '¿Verdadero o falso?',
  trueLabel: 'Verdadero',
  falseLabel: 'Falso',
  scenario: [
    'Un compañero le pregunta por {x}. ¿Qué afirmación del material se aplica?',
    'Una persona nueva del equipo prepara una tarea sobre {x}. ¿Qué afirmación del material se aplica?',
    'En una reunión de equipo surge una pregunta sobre {x}. ¿Qué afirmación del material se aplica?',
  ],
  explainQuote: 'El material dice: "{x}"',
  explainSection: 'El material lo trata en {h}: "{x}"',
  questionTitle: 'Pregunta {n}',
  answer: 'Respuesta: {x}',
  outlineCovers: 'Qué trata esta formación',
  outlineKeyPoints: 'Puntos clave sobre {x}: añádalos desde su propio material',
  outlineExplain: 'Explicar {x} para {a}',
  outlineExample: 'Añada un ejemplo de su equipo: {x}',
  outlineVisual: 'Añada una foto, un diagrama o una captura: {x}',
  outlinePractice: 'Práctica: prepare un ejercicio breve sobre {x}',
  outlineDiscussion: 'Debate: pregunte al grupo cómo se aplica {x} a su trabajo',
  outlineNotes: 'Indicación para el formador: presente {x} con sus propias palabras. Este esquema aún no contiene datos.',
  outlineContext: 'Contexto de la empresa: {x}',
  outlineBrandVoice: 'Voz de marca: {x}',
  examplesTitle: 'Ejemplos: {x}',
  practiceTitle: 'Práctica: {x}',
  discussionTitle: 'Debate: {x}',
  knowledgeCheck: PRODUCT_HEADINGS.es.knowledgeCheck,
  checkItem: CHECK_ITEMS.es,
  pathOverview: 'Itinerario de aprendizaje: {x}',
  moduleTitle: 'Módulo {n}: {x}',
  prerequisitesModule: 'Requisitos previos de {x}',
  prerequisitesObjective: 'Confirmar los conocimientos necesarios antes de empezar {x}',
  stageTitles: {
    basic: ['Fundamentos de {x}', 'Términos clave de {x}', 'Primeros pasos en {x}', 'Uso diario de {x}'],
    intermediate: ['Aplicar {x}', 'Trabajar con {x}', 'Situaciones habituales en {x}', 'Resolver problemas en {x}'],
    advanced: ['Analizar {x}', 'Mejorar {x}', 'Liderar {x}', 'Revisar {x}'],
  },
  stageObjectives: {
    basic: ['Identificar los términos clave de {x}', 'Describir los principios básicos de {x}'],
    intermediate: ['Aplicar {x} a las tareas diarias', 'Explicar cómo funciona {x} en la práctica'],
    advanced: ['Analizar problemas en {x}', 'Evaluar formas de mejorar {x}'],
  },
  practiceActivity: 'Práctica: aplique {x} a una tarea de su propio trabajo',
  industrySetting: '{x} en {i}',
  prerequisitesLabel: 'Requisitos previos: {x}',
  noPrerequisites: 'Requisitos previos: ninguno',
  checklistTitle: 'Lista de comprobación: {x}',
  checklistNote: 'Una lista de comprobación de los objetivos de este módulo, no un examen: no hay material de origen sobre el que preguntar.',
  assessmentNote: 'Evaluación: preguntas sobre el material, vea la lista de preguntas.',
  softwareOverview: '{x}: visión general',
  softwareTasks: '{x}: tareas',
  softwarePractice: '{x}: práctica',
  softwarePracticeItem: 'Pruebe esto en {x}: {t}',
  softwareNoDetails: 'Añada las tareas que su equipo realiza en {x}.',
  generalSoftware: 'Visión general',
};

const FR: Framing = {
  ...headingsOf('fr'),
  audienceName: {
    beginners: 'débutants',
    intermediate: 'apprenants de niveau intermédiaire',
    advanced: 'apprenants avancés',
    executives: 'dirigeants',
    technical: 'personnel technique',
    general: 'un public général',
    students: 'étudiants',
    trainers: 'formateurs',
  },
  audienceTip: {
    beginners: 'Pour les débutants: définissez chaque terme avant de l’utiliser.',
    intermediate: 'Pour les apprenants de niveau intermédiaire: reliez chaque point à des tâches qu’ils font déjà.',
    advanced: 'Pour les apprenants avancés: concentrez-vous sur les exceptions et les compromis.',
    executives: 'Pour les dirigeants: commencez par la décision que chaque point soutient.',
    technical: 'Pour le personnel technique: montrez les étapes et les réglages exacts.',
    general: 'Pour un public général: des mots simples et une idée par diapositive.',
    students: 'Pour les étudiants: vérifiez la compréhension après chaque section.',
    trainers: 'Pour les formateurs: notez où les apprenants ont souvent besoin de plus de temps.',
  },
  industryName: {
    technology: 'la technologie',
    healthcare: 'la santé',
    finance: 'la finance',
    education: "l'éducation",
    manufacturing: "l'industrie",
    retail: 'le commerce de détail',
    hospitality: "l'hôtellerie",
    government: "l'administration publique",
    nonprofit: 'le secteur associatif',
    consulting: 'le conseil',
    general: 'votre organisation',
  },
  levelName: { basic: 'débutant', intermediate: 'intermédiaire', advanced: 'avancé' },
  levelLabel: 'Niveau: {x}',
  bloom: {
    basic: ['Identifier', 'Décrire', 'Reconnaître', 'Énumérer'],
    intermediate: ['Expliquer', 'Appliquer', 'Comparer', 'Utiliser'],
    advanced: ['Analyser', 'Évaluer', 'Justifier', 'Planifier'],
  },
  objective: '{v} {x}',
  titleNotes: 'Cette formation traite de: {x}.',
  summaryNotes: 'Voici les points à retenir de cette session.',
  keyTerms: 'Termes clés: {x}',
  timing: 'Durée: environ {n} min.',
  cloze: "Complétez l'affirmation du support:",
  trueFalse: 'Vrai ou faux?',
  trueLabel: 'Vrai',
  falseLabel: 'Faux',
  scenario: [
    'Un collègue vous interroge sur {x}. Quelle affirmation du support s’applique?',
    "Un nouveau membre de l'équipe prépare une tâche sur {x}. Quelle affirmation du support s’applique?",
    "Lors d'une réunion d'équipe, une question se pose sur {x}. Quelle affirmation du support s’applique?",
  ],
  explainQuote: 'Le support indique: "{x}"',
  explainSection: 'Le support traite ce point dans {h}: "{x}"',
  questionTitle: 'Question {n}',
  answer: 'Réponse: {x}',
  outlineCovers: 'Ce que couvre cette formation',
  outlineKeyPoints: 'Points clés sur {x}: ajoutez-les à partir de votre propre support',
  outlineExplain: 'Expliquer {x} pour {a}',
  outlineExample: 'Ajoutez un exemple de votre équipe: {x}',
  outlineVisual: 'Ajoutez une photo, un schéma ou une capture: {x}',
  outlinePractice: 'Pratique: prévoyez un court exercice sur {x}',
  outlineDiscussion: 'Discussion: demandez au groupe comment {x} s’applique à leur travail',
  outlineNotes: 'Consigne pour le formateur: présentez {x} avec vos propres mots. Ce plan ne contient encore aucun fait.',
  outlineContext: "Contexte de l'entreprise: {x}",
  outlineBrandVoice: 'Ton de la marque: {x}',
  examplesTitle: 'Exemples: {x}',
  practiceTitle: 'Pratique: {x}',
  discussionTitle: 'Discussion: {x}',
  knowledgeCheck: PRODUCT_HEADINGS.fr.knowledgeCheck,
  checkItem: CHECK_ITEMS.fr,
  pathOverview: "Parcours d'apprentissage: {x}",
  moduleTitle: 'Module {n}: {x}',
  prerequisitesModule: 'Prérequis pour {x}',
  prerequisitesObjective: 'Confirmer les connaissances nécessaires avant de commencer {x}',
  stageTitles: {
    basic: ['Les bases de {x}', 'Les termes clés de {x}', 'Premiers pas avec {x}', 'Usage quotidien de {x}'],
    intermediate: ['Appliquer {x}', 'Travailler avec {x}', 'Situations courantes avec {x}', 'Résoudre des problèmes avec {x}'],
    advanced: ['Analyser {x}', 'Améliorer {x}', 'Piloter {x}', 'Réviser {x}'],
  },
  stageObjectives: {
    basic: ['Identifier les termes clés de {x}', 'Décrire les principes de base de {x}'],
    intermediate: ['Appliquer {x} aux tâches quotidiennes', 'Expliquer comment {x} fonctionne en pratique'],
    advanced: ['Analyser les problèmes liés à {x}', 'Évaluer des façons d’améliorer {x}'],
  },
  practiceActivity: 'Pratique: appliquez {x} à une tâche de votre propre travail',
  industrySetting: '{x} dans {i}',
  prerequisitesLabel: 'Prérequis: {x}',
  noPrerequisites: 'Prérequis: aucun',
  checklistTitle: 'Liste de contrôle: {x}',
  checklistNote: "Une liste de contrôle des objectifs de ce module, pas un test: il n'y a pas de support source sur lequel poser des questions.",
  assessmentNote: 'Évaluation: questions tirées du support, voir la liste des questions.',
  softwareOverview: '{x}: présentation',
  softwareTasks: '{x}: tâches',
  softwarePractice: '{x}: pratique',
  softwarePracticeItem: 'Essayez ceci dans {x}: {t}',
  softwareNoDetails: 'Ajoutez les tâches que votre équipe réalise dans {x}.',
  generalSoftware: 'Présentation',
};

export const FRAMING: Record<EngineLanguage, Framing> = { en: EN, es: ES, fr: FR };

/** Fills '{x}'-style placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const FRIENDLY_STYLES: ReadonlySet<WritingStyle> = new Set(['conversational', 'humorous', 'casual', 'motivational', 'storytelling']);

export function titleFor(pair: { plain: string; friendly: string }, style: WritingStyle): string {
  return FRIENDLY_STYLES.has(style) ? pair.friendly : pair.plain;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const vocabularies = new Map<EngineLanguage, ReadonlySet<string>>();

/**
 * Every word the engine itself writes in a language (placeholders left out), plus the plain
 * replacements of the AI-phrase filter. Whatever else an outline contains comes from the request.
 */
export function framingVocabulary(language: EngineLanguage): ReadonlySet<string> {
  let vocabulary = vocabularies.get(language);
  if (!vocabulary) {
    const texts = [...strings(FRAMING[language]), ...AI_PHRASES.map(([, plain]) => plain)].map((t) => t.replace(/\{\w+\}/g, ' '));
    vocabulary = new Set(texts.flatMap((t) => tokenize(t, language).map((w) => w.lower)));
    vocabularies.set(language, vocabulary);
  }
  return vocabulary;
}
