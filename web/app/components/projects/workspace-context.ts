// The workspace context (see Workspace.tsx): what any page, and the dialogs the workspace opens,
// reach through useWorkspace(). In a module of its own, importing none of those dialogs, so they
// can use it without importing Workspace.tsx, which renders them (no import cycle).
import { createContext, useContext } from 'react';
import type { VoiceSelection } from '~/lib/voices';

export interface WorkspaceValue {
  openMarketplace: () => void;
  /** Opens the voice library; a voice selected there becomes `voice`. */
  openVoices: () => void;
  /** The voice chosen in the library from a page (null: the default premade voice). */
  voice: VoiceSelection | null;
  notify: (text: string, tone?: 'success' | 'error') => void;
}

/** Provided by <WorkspaceProvider> (Workspace.tsx). */
export const WorkspaceContext = createContext<WorkspaceValue | null>(null);

export function useWorkspace(): WorkspaceValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace must be used inside <WorkspaceProvider>');
  return value;
}
