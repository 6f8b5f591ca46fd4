// The project workspace around every signed-in page: the app's one event stream (/api/events,
// which the project lists follow), the template marketplace dialog, the voice library and the
// notices (toasts). Any page opens them through useWorkspace()
// (workspace-context.ts, which this provides). 'Use Template' goes to the create form
// (/projects/new) started from that template. A voice selected in the library opened from a page
// ('AI Voices') is the voice the next create form starts with.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { newProjectPath } from '~/lib/projects';
import { ProjectEventsContext, useProjectEventStream } from '~/lib/useProjects';
import type { VoiceSelection } from '~/lib/voices';
import { CheckIcon, CloseIcon, WarningIcon } from '../icons';
import { TemplateMarketplaceModal } from '../templates/TemplateMarketplace';
import { VoiceLibraryDialog } from '../voices/VoiceLibrary';
import { cx } from '../ui';
import { WorkspaceContext, type WorkspaceValue } from './workspace-context';

interface Toast {
  id: number;
  text: string;
  tone: 'success' | 'error';
}

const TOAST_MS = 6000;

function Toasts({ toasts, dismiss }: { toasts: Toast[]; dismiss: (id: number) => void }) {
  const { t } = useTranslation();
  // Top centre: dialogs keep their action buttons at the bottom, where notices would cover them.
  return (
    <div className="pointer-events-none fixed left-1/2 top-4 z-[60] flex w-full max-w-sm -translate-x-1/2 flex-col gap-2" aria-live="polite" role="status">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          data-testid="toast"
          className={cx(
            'pointer-events-auto flex items-start gap-2 rounded-lg border px-4 py-3 text-sm shadow-lg',
            toast.tone === 'success' ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900',
          )}
        >
          {toast.tone === 'success' ? <CheckIcon className="h-5 w-5 shrink-0 text-green-600" /> : <WarningIcon className="h-5 w-5 shrink-0 text-red-500" />}
          <span className="flex-1">{toast.text}</span>
          <button type="button" onClick={() => dismiss(toast.id)} className="shrink-0 rounded p-0.5 hover:bg-black/5" aria-label={t('common.close')}>
            <CloseIcon className="h-4 w-4" />
          </button>
        </div>
      ))}
    </div>
  );
}

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const events = useProjectEventStream();
  const [marketplace, setMarketplace] = useState(false);
  const [voices, setVoices] = useState(false);
  const [voice, setVoice] = useState<VoiceSelection | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const notify = useCallback(
    (text: string, tone: 'success' | 'error' = 'success') => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-2), { id, text, tone }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((timer) => clearTimeout(timer));
  }, []);

  // Dialogs belong to the page they were opened on.
  useEffect(() => {
    setMarketplace(false);
    setVoices(false);
  }, [location.pathname]);

  const openMarketplace = useCallback(() => setMarketplace(true), []);
  const openVoices = useCallback(() => setVoices(true), []);

  const value = useMemo<WorkspaceValue>(
    () => ({ openMarketplace, openVoices, voice, notify }),
    [openMarketplace, openVoices, voice, notify],
  );

  return (
    <WorkspaceContext.Provider value={value}>
      <ProjectEventsContext.Provider value={events}>{children}</ProjectEventsContext.Provider>
      <TemplateMarketplaceModal
        open={marketplace}
        mode="use"
        onClose={() => setMarketplace(false)}
        onUse={(template) => navigate(newProjectPath(template.id), { state: { from: location.pathname } })}
      />
      <VoiceLibraryDialog
        open={voices}
        selected={voice}
        onClose={() => setVoices(false)}
        onSelect={(chosen) => {
          setVoice(chosen);
          notify(t('voices.chosen', { name: chosen.name }));
        }}
      />
      <Toasts toasts={toasts} dismiss={dismiss} />
    </WorkspaceContext.Provider>
  );
}
