// 'Download files' from a project card (part 1 sections 2, 5, 7-9): the six formats as choices 1 to
// 6 (the number keys choose too; any other key is ignored), video disabled with the reason when the
// plan or the project has none. A project that is not completed, or has no content, says so
// instead. A video not paid for yet (video_status payment_required, or a 402 from the download)
// opens the Payment Required dialog instead (onPaymentRequired). The file is fetched as a stream with the bytes received shown (against Content-Length),
// saved under the name from Content-Disposition, and announced as 'Download complete: {name} ({size})'.
// A project available in more than one language (translations) offers the files' language first.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { planName } from '~/lib/format';
import {
  downloadBlock,
  downloadChoices,
  downloadCompleteText,
  downloadErrorText,
  downloadFormatForChoice,
  downloadProjectFile,
  saveFile,
  type DownloadChoice,
  type DownloadFormat,
  type DownloadUnavailable,
} from '~/lib/downloads';
import { titleCaseStatus, type ProjectSummary } from '~/lib/projects';
import { isPaymentRequiredError, paymentLanguageOf, videoNeedsPayment, type VideoFormat } from '~/lib/video-payment';
import { DownloadIcon, WarningIcon } from '../icons';
import { LanguagePicker } from '../translation/LanguagePicker';
import { Modal } from '../Modal';
import { Button, ErrorBox, cx } from '../ui';
import { UploadProgress } from './FileUpload';
import { useWorkspace } from './workspace-context';

interface Running {
  format: DownloadFormat;
  received: number;
  total: number | null;
}

export function DownloadDialog({
  project,
  onClose,
  onPaymentRequired,
}: {
  project: ProjectSummary;
  onClose: () => void;
  /** A video to pay for first: the caller opens the Payment Required dialog for the format. */
  /** `language`: '' the project's own video, else the translation's (paid on its own). */
  onPaymentRequired?: (format: VideoFormat, language: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const { notify } = useWorkspace();
  const id = useId();
  const block = downloadBlock(project);
  const choices = downloadChoices(project, user);
  const [running, setRunning] = useState<Running | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const primary = project.primary_language || 'en';
  const [language, setLanguage] = useState(primary);
  const controller = useRef<AbortController | null>(null);
  const busy = useRef(false);

  // Closing the dialog cancels a download still running.
  useEffect(() => () => controller.current?.abort(), []);

  const formatLabel = (format: DownloadFormat) => t(`downloads.formats.${format}`);

  const reasonText = (unavailable: DownloadUnavailable) =>
    unavailable.reason === 'noVideo' ? t('downloads.noVideo') : t('downloads.planNoVideo', { plan: planName(t, unavailable.plan) });

  const start = async (choice: DownloadChoice) => {
    if (busy.current || choice.unavailable || block) return;
    const paidLanguage = paymentLanguageOf(language, primary);
    // The card's video state is the project's own video; a translation's asks its download (402).
    if (onPaymentRequired && !paidLanguage && videoNeedsPayment(project, choice.format)) {
      onPaymentRequired(choice.format as VideoFormat, '');
      return;
    }
    busy.current = true;
    const c = new AbortController();
    controller.current = c;
    setError(null);
    setAnnouncement(t('downloads.downloading', { format: formatLabel(choice.format) }));
    setRunning({ format: choice.format, received: 0, total: null });
    try {
      const file = await downloadProjectFile(project.id, choice.format, {
        language: { language, primary },
        signal: c.signal,
        onProgress: ({ received, total }) => setRunning({ format: choice.format, received, total }),
      });
      saveFile(file);
      notify(downloadCompleteText(file, t, i18n.language));
      onClose();
    } catch (err) {
      if (isAbortError(err) && c.signal.aborted) return; // cancelled, or the dialog closed
      // 402 PAYMENT_REQUIRED: the video is not paid for yet.
      if (onPaymentRequired && isPaymentRequiredError(err) && (choice.format === 'mp4' || choice.format === 'mov')) {
        onPaymentRequired(choice.format, paidLanguage);
        return;
      }
      // The specification's 5xx text sends the user here for the details.
      if (err instanceof ApiError && err.status >= 500) console.error(`Download of ${choice.format} for project ${project.id} failed`, err);
      setError(downloadErrorText(err, project.title, t));
      setAnnouncement('');
    } finally {
      busy.current = false;
      if (controller.current === c) controller.current = null;
      if (!c.signal.aborted) setRunning(null);
    }
  };

  const cancel = () => {
    controller.current?.abort();
    setRunning(null);
    setAnnouncement(t('downloads.cancelled'));
  };

  // Choices 1 to 6 by their number key, as the specification's prompt took them.
  const latest = useRef({ start, choices });
  latest.current = { start, choices };
  const blocked = block !== null;
  useEffect(() => {
    if (blocked) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const format = downloadFormatForChoice(event.key);
      const choice = format && latest.current.choices.find((c) => c.format === format);
      if (!choice) return;
      event.preventDefault();
      void latest.current.start(choice);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [blocked]);

  const statusLabel = (status: string) => t(`projects.status.${status}`, { defaultValue: titleCaseStatus(status) });

  return (
    <Modal open onClose={onClose} title={t('downloads.title')} description={project.title}>
      <div className="space-y-4" data-testid="download-dialog" aria-busy={running !== null}>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        {block ? (
          <div role="alert" className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <WarningIcon className="h-5 w-5 shrink-0 text-amber-500" />
            <span>
              {block.reason === 'notReady'
                ? t('downloads.notReady', { title: project.title, status: statusLabel(block.status) })
                : t('downloads.noContent', { title: project.title })}
            </span>
          </div>
        ) : (
          <>
            {error && <ErrorBox takeFocus>{error}</ErrorBox>}
            <LanguagePicker primary={primary} available={project.available_languages ?? []} value={language} onChange={setLanguage} disabled={running !== null} />
            <p id={`${id}-intro`} className="text-sm text-slate-600">
              {t('downloads.intro')}
            </p>
            <ol className="space-y-2" aria-label={t('downloads.choicesLabel')} aria-describedby={`${id}-intro`}>
              {choices.map((choice) => {
                const reasonId = `${id}-reason-${choice.format}`;
                const active = running?.format === choice.format;
                const payFirst = !choice.unavailable && videoNeedsPayment(project, choice.format);
                return (
                  <li key={choice.format} data-format={choice.format}>
                    <button
                      type="button"
                      disabled={choice.unavailable !== null || running !== null}
                      aria-describedby={choice.unavailable || payFirst ? reasonId : undefined}
                      aria-keyshortcuts={String(choice.choice)}
                      onClick={() => void start(choice)}
                      className={cx(
                        'flex w-full items-center gap-3 rounded-md border px-3 py-2 text-left text-sm',
                        'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                        active ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300 bg-white hover:bg-slate-50',
                        'disabled:cursor-not-allowed disabled:hover:bg-white',
                        choice.unavailable && 'opacity-60',
                      )}
                    >
                      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-700">
                        {choice.choice}
                      </span>
                      <span className="flex-1 font-medium text-slate-900">{formatLabel(choice.format)}</span>
                      <span className="font-mono text-xs text-slate-500">.{choice.format}</span>
                      <DownloadIcon className="h-4 w-4 text-slate-400" />
                    </button>
                    {choice.unavailable && (
                      <p id={reasonId} className="mt-1 pl-9 text-xs text-slate-500">
                        {reasonText(choice.unavailable)}
                      </p>
                    )}
                    {payFirst && (
                      <p id={reasonId} className="mt-1 pl-9 text-xs text-amber-800">
                        {t('downloads.paymentRequired')}
                      </p>
                    )}
                    {active && running && (
                      <div className="pl-9">
                        <UploadProgress
                          label={t('downloads.progressLabel', { format: formatLabel(choice.format) })}
                          sent={running.received}
                          total={running.total}
                        />
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          </>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          {running ? (
            <Button variant="secondary" onClick={cancel}>
              {t('downloads.cancel')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              {t('common.close')}
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
