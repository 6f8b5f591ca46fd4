// The player's own words (every visible text and accessible name that is not the author's), in
// English, Spanish and French; other languages get English.

export interface PlayerLabels {
  /** The player region's accessible name. */
  player: string;
  play: string;
  pause: string;
  /** The seek bar's accessible name. */
  seek: string;
  /** The seek bar's value as read out, and the time display: '1:05 of 5:00'. */
  timeOf: (current: string, total: string) => string;
  /** The captions toggle (aria-pressed tells whether they show). */
  captions: string;
  /** The captions track's name in the browser's own menu. */
  captionsTrack: string;
  chapters: string;
  /** A chapter in the menu, as read out: 'Safety checks, 1:30'. */
  chapterItem: (title: string, start: string) => string;
  skipChapter: string;
  /** Announced when a chapter starts. */
  chapterStarted: (title: string) => string;
  /** The hotspots layer's name. */
  interactiveElements: string;
  /** Appended to the accessible name of whatever opens a new tab. */
  opensInNewTab: string;
  /** The information panel's name (its heading is the hotspot's title). */
  information: string;
  close: string;
  /** The quiz panel's heading. */
  question: string;
  submit: string;
  skipQuestion: string;
  continue: string;
  chooseAnswer: string;
  /** Shown on a required question. */
  requiredQuestion: string;
  /** The feedback when the quiz has no text of its own. */
  correct: string;
  incorrect: string;
  /** Announced when a quiz stops the video. */
  quizShown: (question: string) => string;
  /** Announced when a seek stops at an unanswered required question. */
  seekBlocked: string;
  /** Announced when a call to action appears. */
  ctaShown: (text: string) => string;
  /** The branching panel's heading when the scenario has no prompt. */
  chooseBranch: string;
  /** Announced when a branch is taken. */
  branchTaken: (label: string) => string;
  videoUnsupported: string;
  /** The score in percent. */
  score: (percent: number) => string;
}

const en: PlayerLabels = {
  player: 'Interactive video',
  play: 'Play',
  pause: 'Pause',
  seek: 'Seek',
  timeOf: (current, total) => `${current} of ${total}`,
  captions: 'Captions',
  captionsTrack: 'Captions',
  chapters: 'Chapters',
  chapterItem: (title, start) => `${title}, ${start}`,
  skipChapter: 'Skip chapter',
  chapterStarted: (title) => `Chapter: ${title}`,
  interactiveElements: 'Interactive elements',
  opensInNewTab: '(opens in a new tab)',
  information: 'Information',
  close: 'Close',
  question: 'Question',
  submit: 'Submit',
  skipQuestion: 'Skip question',
  continue: 'Continue',
  chooseAnswer: 'Choose an answer first.',
  requiredQuestion: 'Answer this question to continue.',
  correct: 'Correct.',
  incorrect: 'Incorrect.',
  quizShown: (question) => `Question: ${question}`,
  seekBlocked: 'Answer the question before going further.',
  ctaShown: (text) => `New link: ${text}`,
  chooseBranch: 'Choose what comes next',
  branchTaken: (label) => `Going to: ${label}`,
  videoUnsupported: 'Your browser cannot play this video.',
  score: (percent) => `Score: ${percent}%`,
};

const es: PlayerLabels = {
  player: 'Vídeo interactivo',
  play: 'Reproducir',
  pause: 'Pausar',
  seek: 'Buscar',
  timeOf: (current, total) => `${current} de ${total}`,
  captions: 'Subtítulos',
  captionsTrack: 'Subtítulos',
  chapters: 'Capítulos',
  chapterItem: (title, start) => `${title}, ${start}`,
  skipChapter: 'Saltar capítulo',
  chapterStarted: (title) => `Capítulo: ${title}`,
  interactiveElements: 'Elementos interactivos',
  opensInNewTab: '(se abre en una pestaña nueva)',
  information: 'Información',
  close: 'Cerrar',
  question: 'Pregunta',
  submit: 'Enviar',
  skipQuestion: 'Saltar pregunta',
  continue: 'Continuar',
  chooseAnswer: 'Elige una respuesta primero.',
  requiredQuestion: 'Responde a esta pregunta para continuar.',
  correct: 'Correcto.',
  incorrect: 'Incorrecto.',
  quizShown: (question) => `Pregunta: ${question}`,
  seekBlocked: 'Responde a la pregunta antes de avanzar.',
  ctaShown: (text) => `Nuevo enlace: ${text}`,
  chooseBranch: 'Elige cómo continuar',
  branchTaken: (label) => `Vamos a: ${label}`,
  videoUnsupported: 'Tu navegador no puede reproducir este vídeo.',
  score: (percent) => `Puntuación: ${percent} %`,
};

const fr: PlayerLabels = {
  player: 'Vidéo interactive',
  play: 'Lecture',
  pause: 'Pause',
  seek: 'Rechercher',
  timeOf: (current, total) => `${current} sur ${total}`,
  captions: 'Sous-titres',
  captionsTrack: 'Sous-titres',
  chapters: 'Chapitres',
  chapterItem: (title, start) => `${title}, ${start}`,
  skipChapter: 'Passer le chapitre',
  chapterStarted: (title) => `Chapitre : ${title}`,
  interactiveElements: 'Éléments interactifs',
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',
  information: 'Information',
  close: 'Fermer',
  question: 'Question',
  submit: 'Valider',
  skipQuestion: 'Passer la question',
  continue: 'Continuer',
  chooseAnswer: 'Choisissez d’abord une réponse.',
  requiredQuestion: 'Répondez à cette question pour continuer.',
  correct: 'Correct.',
  incorrect: 'Incorrect.',
  quizShown: (question) => `Question : ${question}`,
  seekBlocked: 'Répondez à la question avant d’aller plus loin.',
  ctaShown: (text) => `Nouveau lien : ${text}`,
  chooseBranch: 'Choisissez la suite',
  branchTaken: (label) => `Direction : ${label}`,
  videoUnsupported: 'Votre navigateur ne peut pas lire cette vidéo.',
  score: (percent) => `Score : ${percent} %`,
};

const LABELS: Record<string, PlayerLabels> = { en, es, fr };

/** The labels of `language` ('es', 'fr-CA' -> fr, ...); English for any other. */
export function playerLabels(language: 'en' | 'es' | 'fr' | (string & {})): PlayerLabels {
  const base = String(language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return LABELS[base] ?? en;
}
