// The player's own words, in the course's language (English when it has none of these).

export interface Labels {
  courseProgress: string;
  percentComplete: (percent: number) => string;
  courseNavigation: string;
  previous: string;
  next: string;
  exit: string;
  overview: string;
  objectives: string;
  activities: string;
  minutes: (count: number) => string;
  slideOf: (number: number, total: number) => string;
  untitledSlide: (number: number) => string;
  notes: string;
  video: string;
  videoUnsupported: string;
  assessment: string;
  quizIntro: (passingPercent: number) => string;
  submit: string;
  answerEveryQuestion: string;
  correct: string;
  incorrect: (answer: string) => string;
  score: (percent: number) => string;
  passed: string;
  notPassed: (passingPercent: number) => string;
  retry: string;
  exited: string;
  notRecorded: string;
  missingCourse: string;
}

const en: Labels = {
  courseProgress: 'Course progress',
  percentComplete: (p) => `${p}% complete`,
  courseNavigation: 'Course navigation',
  previous: 'Previous',
  next: 'Next',
  exit: 'Exit',
  overview: 'About this course',
  objectives: 'Learning objectives',
  activities: 'Activities',
  minutes: (n) => `${n} min`,
  slideOf: (n, total) => `Slide ${n} of ${total}`,
  untitledSlide: (n) => `Slide ${n}`,
  notes: 'Notes',
  video: 'Video',
  videoUnsupported: 'Your browser cannot play this video.',
  assessment: 'Assessment',
  quizIntro: (p) => `Answer every question, then submit. You need ${p}% to pass.`,
  submit: 'Submit answers',
  answerEveryQuestion: 'Answer every question before submitting.',
  correct: 'Correct.',
  incorrect: (answer) => `Incorrect. The correct answer is: ${answer}.`,
  score: (p) => `Your score: ${p}%.`,
  passed: 'You passed.',
  notPassed: (p) => `You did not pass. You need ${p}%.`,
  retry: 'Try again',
  exited: 'You have left the course. You can close this window.',
  notRecorded: 'Your progress cannot be recorded: the learning platform did not answer.',
  missingCourse: 'This course could not be loaded.',
};

const es: Labels = {
  courseProgress: 'Progreso del curso',
  percentComplete: (p) => `${p}% completado`,
  courseNavigation: 'Navegación del curso',
  previous: 'Anterior',
  next: 'Siguiente',
  exit: 'Salir',
  overview: 'Acerca de este curso',
  objectives: 'Objetivos de aprendizaje',
  activities: 'Actividades',
  minutes: (n) => `${n} min`,
  slideOf: (n, total) => `Diapositiva ${n} de ${total}`,
  untitledSlide: (n) => `Diapositiva ${n}`,
  notes: 'Notas',
  video: 'Vídeo',
  videoUnsupported: 'Su navegador no puede reproducir este vídeo.',
  assessment: 'Evaluación',
  quizIntro: (p) => `Responda todas las preguntas y envíelas. Necesita un ${p}% para aprobar.`,
  submit: 'Enviar respuestas',
  answerEveryQuestion: 'Responda todas las preguntas antes de enviar.',
  correct: 'Correcto.',
  incorrect: (answer) => `Incorrecto. La respuesta correcta es: ${answer}.`,
  score: (p) => `Su puntuación: ${p}%.`,
  passed: 'Ha aprobado.',
  notPassed: (p) => `No ha aprobado. Necesita un ${p}%.`,
  retry: 'Intentar de nuevo',
  exited: 'Ha salido del curso. Puede cerrar esta ventana.',
  notRecorded: 'No se puede registrar su progreso: la plataforma de aprendizaje no respondió.',
  missingCourse: 'No se pudo cargar este curso.',
};

const fr: Labels = {
  courseProgress: 'Progression du cours',
  percentComplete: (p) => `${p} % terminé`,
  courseNavigation: 'Navigation du cours',
  previous: 'Précédent',
  next: 'Suivant',
  exit: 'Quitter',
  overview: 'À propos de ce cours',
  objectives: "Objectifs d'apprentissage",
  activities: 'Activités',
  minutes: (n) => `${n} min`,
  slideOf: (n, total) => `Diapositive ${n} sur ${total}`,
  untitledSlide: (n) => `Diapositive ${n}`,
  notes: 'Notes',
  video: 'Vidéo',
  videoUnsupported: 'Votre navigateur ne peut pas lire cette vidéo.',
  assessment: 'Évaluation',
  quizIntro: (p) => `Répondez à toutes les questions, puis envoyez. Il faut ${p} % pour réussir.`,
  submit: 'Envoyer les réponses',
  answerEveryQuestion: 'Répondez à toutes les questions avant d’envoyer.',
  correct: 'Correct.',
  incorrect: (answer) => `Incorrect. La bonne réponse est : ${answer}.`,
  score: (p) => `Votre score : ${p} %.`,
  passed: 'Vous avez réussi.',
  notPassed: (p) => `Vous n’avez pas réussi. Il faut ${p} %.`,
  retry: 'Réessayer',
  exited: 'Vous avez quitté le cours. Vous pouvez fermer cette fenêtre.',
  notRecorded: 'Votre progression ne peut pas être enregistrée : la plateforme de formation n’a pas répondu.',
  missingCourse: "Ce cours n'a pas pu être chargé.",
};

const LABELS: Record<string, Labels> = { en, es, fr };

export function labelsFor(language: string): Labels {
  return LABELS[language.toLowerCase().split('-')[0] ?? ''] ?? en;
}
