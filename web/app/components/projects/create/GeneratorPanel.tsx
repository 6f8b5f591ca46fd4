// The AI content generator's panel of the create form: the method, its fields and the file some
// methods send (GeneratorFields), with the draft they edit (useGeneratorDraft). A change of a field
// clears its message; another method or source clears them all. The company library's choice
// (topic and learning path) is kept apart from the drafts: it follows what the library holds.
import { useCallback, useState } from 'react';
import type { GeneratorType } from '@trainwright/catalogue';
import { defaultGeneratorDrafts, planGeneratorMethods, type GeneratorDrafts, type SourceMode } from '~/lib/ai';
import type { User } from '~/lib/types';
import { useLibraryHoldings } from '~/lib/useLibrary';
import type { LibraryChoice } from '../../library/LibraryUseField';
import { GeneratorFields, type GeneratorErrors } from '../GeneratorFields';

export interface GeneratorDraft {
  method: GeneratorType;
  drafts: GeneratorDrafts;
  sourceMode: SourceMode;
  file: File | null;
}

const without = (errors: GeneratorErrors, fields: string[]) => Object.fromEntries(Object.entries(errors).filter(([k]) => !fields.includes(k)));

/**
 * Whether to build from the company library: checked until the user unchecks it, once the library
 * is known to hold documents; off when it holds none. `useLibrary` is what the request sends, the
 * choice shown (undefined while the library is unknown: the draft's default, which the server
 * checks against what the library holds).
 */
function useLibraryChoice(companyId: string | null | undefined): { choice: LibraryChoice; useLibrary: boolean | undefined } {
  const documents = useLibraryHoldings(companyId);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const checked = documents !== null && documents > 0 && (chosen ?? true);
  return { choice: { documents, checked, onChange: setChosen }, useLibrary: documents === null ? undefined : checked };
}

export function useGeneratorDraft(user: Pick<User, 'subscription' | 'currentCompanyId'>) {
  const allowedMethods = planGeneratorMethods(user);
  const [draft, setDraft] = useState<GeneratorDraft>(() => ({
    method: (allowedMethods.find((m) => m === 'topic_to_content') ?? allowedMethods[0] ?? 'topic_to_content') as GeneratorType,
    drafts: defaultGeneratorDrafts(),
    sourceMode: 'file',
    file: null,
  }));
  const [errors, setErrors] = useState<GeneratorErrors>({});
  const change = useCallback((next: Partial<GeneratorDraft>, clear: string[] | 'all') => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => (clear === 'all' ? {} : without(e, clear)));
  }, []);
  const changeMethodDraft = useCallback(<K extends GeneratorType>(method: K, next: Partial<GeneratorDrafts[K]>) => {
    setDraft((d) => ({ ...d, drafts: { ...d.drafts, [method]: { ...d.drafts[method], ...next } } }));
    setErrors((e) => without(e, Object.keys(next)));
  }, []);
  const library = useLibraryChoice(user.currentCompanyId);
  return { allowedMethods, draft, errors, setErrors, change, changeMethodDraft, library };
}

export type GeneratorDraftState = ReturnType<typeof useGeneratorDraft>;

export function GeneratorPanel({
  state,
  planLimitMB,
  progress,
  busy,
}: {
  state: GeneratorDraftState;
  planLimitMB: number | null | undefined;
  /** Bytes sent while the create call uploads the file. */
  progress: { sent: number; total: number } | null;
  busy: boolean;
}) {
  const { allowedMethods, draft, errors, change, changeMethodDraft, library } = state;
  return (
    <GeneratorFields
      allowedMethods={allowedMethods}
      planLimitMB={planLimitMB}
      method={draft.method}
      onMethod={(method) => change({ method, file: null }, 'all')}
      drafts={draft.drafts}
      onDraft={changeMethodDraft}
      sourceMode={draft.sourceMode}
      onSourceMode={(sourceMode) => change({ sourceMode }, 'all')}
      file={draft.file}
      onFile={(file) => change({ file }, ['file', 'content_source', 'existing_content'])}
      errors={errors}
      library={library.choice}
      progress={progress}
      busy={busy}
    />
  );
}
