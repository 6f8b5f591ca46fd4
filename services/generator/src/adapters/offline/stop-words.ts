// Function words per language. Key terms never start or end with one, and language detection
// counts them, since projects and their material can be in English, Spanish or French.

export const ENGINE_LANGUAGES = ['en', 'es', 'fr'] as const;
export type EngineLanguage = (typeof ENGINE_LANGUAGES)[number];

const EN = `a about above after again against all also am an and any are aren't as at be because been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during
each either else etc even ever every few for from further had hadn't has hasn't have haven't having he her here
hers herself him himself his how however i if in into is isn't it it's its itself just least less let's like
made make many may me might more most must mustn't my myself need needs neither no nor not now of off often on
once one only or other others ought our ours ourselves out over own per perhaps rather same shall shan't she
should shouldn't since so some such than that that's the their theirs them themselves then there there's these
they they're this those though through thus to too under until up upon us use used uses using very via was
wasn't we we're were weren't what what's when where whether which while who whom whose why will with within
without won't would wouldn't yet you you're your yours yourself yourselves`;

const ES = `a al algo algunas algunos ante antes aquel aquella aquellas aquellos aquí así aun aunque bajo bien cada
casi como con contra cual cuales cualquier cuando cuanto de del desde donde dos durante e el ella ellas ello
ellos en entre era eran es esa esas ese eso esos esta estaba estado estan están estar este esto estos fue fueron
ha había han hasta hay la las le les lo los mas más me mi mientras mis mismo mucho muy nada ni no nos nosotros
o otra otras otro otros para pero poco por porque puede pueden que qué quien quienes se sea ser si sí siempre
sin sino sobre solo sólo son su sus también tan tanto te tiene tienen todo todos tras tu tus un una unas uno unos
usted ustedes y ya menos debe deben deber debería deberán puede pueden podrá hace hacen ha sido será están esté estén cuya cuyo`;

const FR = `à afin ai ainsi alors au aucun aussi autre autres aux avant avec avoir c'est car ce ceci cela celle
celles celui ces cet cette ceux chaque comme comment d'un d'une dans de des doit doivent donc dont du elle elles
en encore entre est et été être eu fait faire il ils je jusqu l'on la le les leur leurs lors lorsque lui ma mais
me même mes moins mon ne ni nos notre nous on ont ou où par parce pas peu peut peuvent plus pour pourquoi qu
quand que quel quelle quelles quels qui sa sans se selon ses si son sont sous sur ta tant te tes toujours tous
tout toute toutes très tu un une vers vos votre vous y doit doivent devra faut peut peuvent pourra sera seront soit sont`;

function list(words: string): ReadonlySet<string> {
  return new Set(words.split(/\s+/).filter(Boolean));
}

export const STOP_WORDS: Record<EngineLanguage, ReadonlySet<string>> = { en: list(EN), es: list(ES), fr: list(FR) };

/** Stop words that may stand inside a term ('means of escape', 'point de rassemblement'). */
export const CONNECTORS: Record<EngineLanguage, ReadonlySet<string>> = {
  en: new Set(['of', 'for', 'in', 'on', 'to']),
  es: new Set(['de', 'del', 'para', 'a', 'en']),
  fr: new Set(['de', 'du', 'des', "d'", 'à', 'en']),
};

/** Words that announce a noun. A single word seen after one of them is a noun, not a verb. */
export const DETERMINERS: Record<EngineLanguage, ReadonlySet<string>> = {
  en: new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'each', 'every', 'any', 'no', 'its', 'their', 'our', 'your', 'his', 'her', 'some', 'all']),
  es: new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'al', 'del', 'su', 'sus', 'cada', 'este', 'esta', 'estos', 'estas', 'ese', 'esa', 'todo', 'toda']),
  fr: new Set(['le', 'la', 'les', "l'", 'un', 'une', 'des', 'du', 'au', 'aux', 'son', 'sa', 'ses', 'leur', 'leurs', 'chaque', 'ce', 'cet', 'cette', 'ces', 'tout', 'toute']),
};

/** Prepositions: a noun may follow them, and so may a verb (an infinitive, in Spanish and French). */
export const PREPOSITIONS: Record<EngineLanguage, ReadonlySet<string>> = {
  en: new Set(['of', 'for', 'with', 'by', 'from', 'in', 'on', 'at', 'about', 'into', 'without', 'under', 'between', 'through']),
  es: new Set(['de', 'en', 'con', 'por', 'para', 'sin', 'sobre', 'entre', 'hacia', 'desde', 'contra']),
  fr: new Set(['de', "d'", 'en', 'avec', 'par', 'pour', 'sans', 'sur', 'sous', 'entre', 'dans', 'vers', 'contre']),
};

/** Word endings of verb forms (participles, infinitives) that a preposition does not make a noun. */
export const VERB_ENDINGS: Record<EngineLanguage, RegExp> = {
  en: /(?:ing|ed)$/,
  es: /(?:ar|er|ir|ad[oa]s?|id[oa]s?|ando|iendo)$/,
  fr: /(?:er|ir|ant|ée?s?)$/,
};

export function isEngineLanguage(value: string): value is EngineLanguage {
  return (ENGINE_LANGUAGES as readonly string[]).includes(value);
}
