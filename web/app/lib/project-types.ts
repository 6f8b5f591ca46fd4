// Types that lib/projects.ts and lib/ai.ts both use, in a module of their own that imports
// neither (so the two never import each other): a project's branding, and a project's generated
// content (script, slides and what the AI generator adds).

export interface Branding {
  company_name: string;
  /** As the user typed it: shown in forms, never loaded by the browser. */
  logo_url: string;
  website: string;
  /** Answers only: where we serve the logo media-render fetched once and checked (null: no logo URL). */
  logo_path?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Generated content: the one model every service uses (@trainwright/formats), as the API returns it.

import type { GeneratedContent } from '@trainwright/formats';

export type { GeneratedContent, GeneratedQuestion, GlossaryEntry, LearningModule, QuestionOption } from '@trainwright/formats';

/** What an AI generator project's generated_content has besides script and slides (the screens
 * show whichever parts are present). */
export type AiGeneratedFields = Partial<Omit<GeneratedContent, 'script' | 'slides'>>;
