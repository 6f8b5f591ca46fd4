// Bloom's taxonomy: the verbs that make an objective measurable, by level. The levels are named as
// the SCORM objective types (part 2 section 9). The engine writes objectives with them and the
// quality module classifies and checks objectives with the same table.

export const BLOOM_LEVELS = ['knowledge', 'comprehension', 'application', 'analysis', 'synthesis', 'evaluation'] as const;
export type BloomLevel = (typeof BLOOM_LEVELS)[number];

// The application level holds the observable actions of procedures too (inspect, test, report,
// record, submit ...): a learner who does them shows the skill, as a trainer's checklist reads.
const BLOOM_VERBS: Record<BloomLevel, string> = {
  knowledge: `define list name recall recognise recognize identify state label memorise memorize repeat outline
    definir enumerar nombrar identificar reconocer recordar listar définir énumérer nommer identifier reconnaître citer lister`,
  comprehension: `explain describe summarise summarize interpret classify discuss understand paraphrase illustrate
    explicar describir resumir interpretar comprender entender clasificar expliquer décrire résumer interpréter comprendre classer`,
  application: `apply use demonstrate show implement perform solve execute operate configure practise practice calculate follow
    prepare handle complete inspect test check measure record report request submit select enter attach install
    conduct
    aplicar usar utilizar demostrar implementar resolver configurar realizar calcular appliquer utiliser
    démontrer mettre réaliser résoudre configurer calculer`,
  analysis: `analyse analyze compare contrast differentiate distinguish examine investigate diagnose troubleshoot categorise
    categorize analizar comparar diferenciar distinguir examinar diagnosticar analyser comparer différencier distinguer
    examiner diagnostiquer`,
  synthesis: `design create develop plan construct formulate compose build propose produce write devise diseñar crear
    desarrollar planificar construir elaborar proponer redactar concevoir créer développer planifier construire élaborer
    proposer rédiger`,
  evaluation: `evaluate assess judge justify critique recommend decide prioritise prioritize choose defend appraise
    evaluar juzgar justificar valorar recomendar decidir priorizar seleccionar elegir évaluer juger justifier recommander
    décider prioriser sélectionner choisir`,
};

const VERB_LEVEL = new Map<string, BloomLevel>();
for (const level of BLOOM_LEVELS) for (const verb of BLOOM_VERBS[level].split(/\s+/)) if (verb) VERB_LEVEL.set(verb, level);

/** Every verb of the table, lower case. */
export const BLOOM_VERB_WORDS: ReadonlySet<string> = new Set(VERB_LEVEL.keys());

const firstWords = (text: string, n: number) => (text.match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? []).slice(0, n);

/** The level of the first Bloom verb in the objective's first words; null when there is none. */
export function bloomLevel(objective: string): BloomLevel | null {
  for (const word of firstWords(objective, 8)) {
    const level = VERB_LEVEL.get(word.toLowerCase());
    if (level) return level;
  }
  return null;
}

/** Whether an objective opens with a Bloom verb ('Inspect the forks ...', not 'Keep your arms ...'). */
export function opensWithBloomVerb(objective: string): boolean {
  const first = firstWords(objective, 1)[0];
  return first !== undefined && VERB_LEVEL.has(first.toLowerCase());
}
