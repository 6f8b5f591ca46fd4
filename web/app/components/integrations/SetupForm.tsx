// The setup form of a catalogue entry: its required fields (marked, checked before sending: an empty
// one says so at the field) and optional ones, secret fields as password inputs, with the entry's
// help and what gets delivered beside it. It posts the route action's `setup`; a refusal's message
// is shown in the interface language and the fields it names (detail.field / detail.fields) marked.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { failureError } from '~/lib/action-failure';
import { useSignedInUser } from '~/lib/auth';
import {
  refusedFieldErrors,
  setupConfiguration,
  setupErrors,
  setupFailureText,
  setupFields,
  type CatalogueEntry,
  type IntegrationRequest,
  type SetupAnswer,
  type SetupValues,
} from '~/lib/integrations';
import { useActionAnswer, useHydrated } from '~/lib/server-data';
import type { IntegrationAnswer } from '~/routes/integrations';
import { Button, Card, ErrorBox, Field, Spinner, describedBy, inputClass } from '../ui';

/** `entry`: the catalogue entry with its texts in the interface language. */
export function SetupForm({ entry, onDone, onCancel }: { entry: CatalogueEntry; onDone: (answer: SetupAnswer) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const id = useId();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  const fetcher = useFetcher<IntegrationAnswer>();
  const busy = fetcher.state !== 'idle';
  const [values, setValues] = useState<SetupValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fields = setupFields(entry);
  const inputId = (name: string) => `${id}-${name}`;

  // The form takes focus when it opens (or another entry is chosen).
  useEffect(() => {
    heading.current?.focus();
    setValues({});
    setErrors({});
    setFailure(null);
  }, [entry.id]);

  const focusFirst = (marked: Record<string, string>) => {
    const first = fields.find((f) => marked[f.name]);
    if (first) document.getElementById(inputId(first.name))?.focus();
  };

  useActionAnswer(fetcher, (answer) => {
    if (answer.intent !== 'setup') return;
    if (answer.ok && answer.setup) return onDone(answer.setup);
    if (answer.ok) return;
    const error = failureError(answer.failure);
    const marked = refusedFieldErrors(entry, error, t);
    setErrors(marked);
    setFailure(setupFailureText(error, entry.name, t));
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = setupErrors(entry, values, t);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return focusFirst(found);
    const request: IntegrationRequest = { intent: 'setup', userId: user.id, type: entry.id, configuration: setupConfiguration(entry, values) };
    fetcher.submit(request as never, { method: 'post', action: '/integrations', encType: 'application/json' });
  };

  const change = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A message goes when its field changes.
    if (errors[name]) {
      setErrors((shown) => {
        const rest = { ...shown };
        delete rest[name];
        return rest;
      });
    }
  };

  return (
    <Card className="p-5">
      <section aria-labelledby={`${id}-title`} data-testid="integration-setup" data-type={entry.id}>
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
          {t('integrations.setup.title', { name: entry.name })}
        </h3>
        <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <form noValidate onSubmit={submit} aria-label={t('integrations.setup.formLabel', { name: entry.name })} className="space-y-4">
            {failure && <ErrorBox takeFocus>{failure}</ErrorBox>}
            {fields.map((field) => {
              const fid = inputId(field.name);
              const error = errors[field.name];
              return (
                <Field
                  key={field.name}
                  id={fid}
                  label={
                    <>
                      {field.label}
                      {field.required ? (
                        <span className="text-red-600">
                          <span aria-hidden="true"> *</span>
                          <span className="sr-only"> ({t('integrations.setup.required')})</span>
                        </span>
                      ) : (
                        <span className="font-normal text-slate-500"> ({t('common.optional')})</span>
                      )}
                    </>
                  }
                  error={error}
                >
                  <input
                    id={fid}
                    name={field.name}
                    type={field.secret ? 'password' : 'text'}
                    autoComplete={field.secret ? 'new-password' : 'off'}
                    spellCheck={false}
                    maxLength={field.max_length > 0 ? field.max_length : undefined}
                    required={field.required}
                    aria-required={field.required}
                    value={values[field.name] ?? ''}
                    onChange={(e) => change(field.name, e.target.value)}
                    className={inputClass}
                    disabled={busy}
                    {...describedBy(fid, false, error)}
                  />
                </Field>
              );
            })}
            <p className="text-xs text-slate-500">{t('integrations.setup.requiredNote')}</p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy || !hydrated}>
                {busy && <Spinner />}
                {busy ? t('integrations.setup.submitting') : t('integrations.setup.submit')}
              </Button>
              <Button variant="secondary" onClick={onCancel} disabled={busy}>
                {t('common.cancel')}
              </Button>
            </div>
          </form>
          <aside className="space-y-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700" aria-label={t('integrations.help.label')} data-testid="integration-help">
            <div>
              <h4 className="font-semibold text-slate-900">{t('integrations.help.title', { name: entry.name })}</h4>
              <p className="mt-1">{entry.help}</p>
            </div>
            <div>
              <h4 className="font-semibold text-slate-900">{t('integrations.help.deliveredTitle')}</h4>
              <p className="mt-1">{t('integrations.help.delivered')}</p>
            </div>
          </aside>
        </div>
      </section>
    </Card>
  );
}
