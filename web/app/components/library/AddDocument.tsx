// Adding to the library (owners and editors): a file (sent from the browser, with the bytes sent
// shown), a web page by its address, or pasted text with a title; the last two are posts to the
// route's action. The server reads the document into passages before it answers; its refusals
// (the plan's storage, a type it does not read, nothing readable) are shown as it words them.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFetcher, useRevalidator } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { maxUploadBytes } from '@trainwright/catalogue';
import { failureError } from '~/lib/action-failure';
import { useSignedInUser } from '~/lib/auth';
import { tierOf } from '~/lib/format';
import { LIBRARY_LIMITS, LIBRARY_UPLOAD_RULE, libraryErrorText, uploadLibraryFile, type LibraryDocument, type LibraryRequest } from '~/lib/library';
import { useActionAnswer } from '~/lib/server-data';
import { UploadCancelled, formatBytes, precheckFile, type MultipartHandle } from '~/lib/uploads';
import type { LibraryAnswer } from '~/routes/library';
import { ChosenFile, DropZone, UploadProgress, usePrecheckText } from '../projects/FileUpload';
import { useWorkspace } from '../projects/workspace-context';
import { Button, ErrorBox, Field, Spinner, TabPanel, Tabs, describedBy, inputClass } from '../ui';

const TABS = ['file', 'url', 'text'] as const;
type Tab = (typeof TABS)[number];

function SubmitButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end">
      <Button type="submit" disabled={busy}>
        {busy && <Spinner />}
        {busy ? t('library.add.adding') : t('library.add.submit')}
      </Button>
    </div>
  );
}

function AddForm({ label, onSubmit, children }: { label: string; onSubmit: () => void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate aria-label={label} onSubmit={submit} className="space-y-4 pt-4">
      {children}
    </form>
  );
}

/** A file chosen, checked as the server checks it, and sent with its progress. */
function FileForm({ companyId, onAdded, onError }: { companyId: string; onAdded: (title: string) => void; onError: (text: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const id = useId();
  const precheckText = usePrecheckText();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const upload = useRef<MultipartHandle<LibraryDocument> | null>(null);
  // A file still being sent when the page is left is cancelled.
  useEffect(() => () => upload.current?.cancel(), []);
  const planLimitMB = user.subscription?.limits?.fileUploadLimitMB ?? tierOf(user.subscription?.tier).limits.fileUploadLimitMB;
  const busy = progress !== null;

  const choose = (files: File[]) => {
    const chosen = files[0]!;
    const found = precheckFile(chosen, LIBRARY_UPLOAD_RULE, planLimitMB);
    setProblem(found ? precheckText(found) : null);
    setFile(found ? null : chosen);
  };

  const send = async () => {
    if (busy) return;
    if (!file) {
      setProblem(t('library.add.chooseFirst'));
      return;
    }
    onError(null);
    setProgress({ sent: 0, total: file.size });
    const handle = uploadLibraryFile(file, { title, companyId }, (sent, total) => setProgress({ sent, total }));
    upload.current = handle;
    try {
      const added = await handle.promise;
      onAdded(added?.title || title.trim() || file.name);
    } catch (err) {
      if (!(err instanceof UploadCancelled)) onError(libraryErrorText(err, t, 'library.errors.add'));
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  return (
    <AddForm label={t('library.add.tabs.file')} onSubmit={() => void send()}>
      <div>
        <DropZone
          id={`${id}-file`}
          label={t('library.add.file')}
          extensions={LIBRARY_UPLOAD_RULE.extensions}
          maxBytes={maxUploadBytes(LIBRARY_UPLOAD_RULE, planLimitMB)}
          error={problem ?? undefined}
          disabled={busy}
          onFiles={choose}
        />
        {file && (
          <ChosenFile
            testId="library-file"
            text={t('library.add.chosen', { name: file.name, size: formatBytes(file.size, i18n.language) })}
            removeLabel={t('library.add.removeFile', { name: file.name })}
            busy={busy}
            onRemove={() => setFile(null)}
          >
            {progress && <UploadProgress label={t('library.add.uploading', { name: file.name })} sent={progress.sent} total={progress.total} />}
          </ChosenFile>
        )}
      </div>
      <Field id={`${id}-title`} label={t('library.add.title')} hint={t('library.add.fileTitleHint')}>
        <input id={`${id}-title`} value={title} maxLength={LIBRARY_LIMITS.title} onChange={(e) => setTitle(e.target.value)} className={inputClass} disabled={busy} {...describedBy(`${id}-title`, true, undefined)} />
      </Field>
      <SubmitButton busy={busy} />
    </AddForm>
  );
}

function UrlForm({ busy, onSend }: { busy: boolean; onSend: (url: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState('');
  return (
    <AddForm label={t('library.add.tabs.url')} onSubmit={() => !busy && onSend(url)}>
      <Field id={`${id}-url`} label={t('library.add.url')} hint={t('library.add.urlHint')}>
        <input id={`${id}-url`} type="url" value={url} maxLength={2048} placeholder="https://" onChange={(e) => setUrl(e.target.value)} className={inputClass} {...describedBy(`${id}-url`, true, undefined)} />
      </Field>
      <SubmitButton busy={busy} />
    </AddForm>
  );
}

function TextForm({ busy, onSend }: { busy: boolean; onSend: (title: string, text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  return (
    <AddForm label={t('library.add.tabs.text')} onSubmit={() => !busy && onSend(title, text)}>
      <Field id={`${id}-title`} label={t('library.add.title')}>
        <input id={`${id}-title`} value={title} maxLength={LIBRARY_LIMITS.title} onChange={(e) => setTitle(e.target.value)} className={inputClass} />
      </Field>
      <Field id={`${id}-text`} label={t('library.add.text')} hint={t('library.add.textHint')}>
        <textarea id={`${id}-text`} rows={8} value={text} maxLength={LIBRARY_LIMITS.text} onChange={(e) => setText(e.target.value)} className={inputClass} {...describedBy(`${id}-text`, true, undefined)} />
      </Field>
      <SubmitButton busy={busy} />
    </AddForm>
  );
}

export function AddDocument({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { notify } = useWorkspace();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('file');
  const [error, setError] = useState<string | null>(null);
  // A new key empties the forms once their document is in.
  const [formKey, setFormKey] = useState(0);
  const revalidator = useRevalidator();
  const fetcher = useFetcher<LibraryAnswer>();
  const sending = fetcher.state !== 'idle';

  const added = (title: string) => {
    notify(t('library.added', { title }));
    setFormKey((k) => k + 1);
  };
  useActionAnswer(fetcher, (answer) => {
    if (answer.ok) added(answer.title);
    else setError(libraryErrorText(failureError(answer.failure), t, 'library.errors.add'));
  });
  const send = (request: LibraryRequest) => {
    setError(null);
    fetcher.submit(request as never, { method: 'post', action: '/library', encType: 'application/json' });
  };

  return (
    <section aria-labelledby={`${idBase}-heading`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${idBase}-heading`} className="mb-3 text-base font-semibold text-slate-900">
        {t('library.add.heading')}
      </h2>
      <Tabs
        idBase={idBase}
        label={t('library.add.heading')}
        tabs={TABS.map((key) => ({ key, label: t(`library.add.tabs.${key}`) }))}
        value={tab}
        onChange={(key) => {
          setTab(key);
          setError(null);
        }}
      />
      {error && (
        <div className="mt-4">
          <ErrorBox takeFocus>{error}</ErrorBox>
        </div>
      )}
      <TabPanel idBase={idBase} tab={tab}>
        {tab === 'file' && (
          <FileForm
            key={formKey}
            companyId={companyId}
            onError={setError}
            onAdded={(title) => {
              // Sent by the browser, not the action: the list is read again here.
              revalidator.revalidate();
              added(title);
            }}
          />
        )}
        {tab === 'url' && <UrlForm key={formKey} busy={sending} onSend={(url) => send({ intent: 'addUrl', companyId, url })} />}
        {tab === 'text' && <TextForm key={formKey} busy={sending} onSend={(title, text) => send({ intent: 'addText', companyId, title, text })} />}
      </TabPanel>
    </section>
  );
}
