// The support page's ticket form and the person's own tickets (routes/support.tsx): what the ticket
// is about, a subject and the message, posted to the route's action; the answer names the ticket's
// reference and the confirmation email on its way; the list is the loader's.
import { useId, useState, type FormEvent } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_CATEGORIES, SUPPORT_LIMITS, type SupportCategory } from '@trainwright/catalogue';
import { failureError } from '~/lib/action-failure';
import { useSignedInUser } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import { formatDate } from '~/lib/format';
import { useActionAnswer } from '~/lib/server-data';
import type { SupportRequest, SupportTicket } from '~/lib/support';
import { interfaceLanguageOf } from '@trainwright/catalogue';
import type { SupportAnswer } from '~/routes/support';
import { selectClass } from './projects/ProjectFormFields';
import { Button, ErrorBox, Field, Spinner, inputClass } from './ui';

export function SupportForm({ tickets }: { tickets: SupportTicket[] | null }) {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const id = useId();
  const fetcher = useFetcher<SupportAnswer>();
  const [category, setCategory] = useState<SupportCategory>('question');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';

  useActionAnswer(fetcher, (answer) => {
    if (!answer.ok) {
      setError(errorText(failureError(answer.failure), t, 'support.form.failed'));
      return;
    }
    setSent(answer.reference);
    setSubject('');
    setMessage('');
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setSent(null);
    const request: SupportRequest = { intent: 'submit', category, subject, message, language: interfaceLanguageOf(i18n.language) };
    fetcher.submit(request as never, { method: 'post', action: '/support', encType: 'application/json' });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t('support.form.title')}
      </h2>
      {sent && (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900" role="status" data-testid="ticket-sent">
          {t('support.form.sent', { reference: sent, email: user.email })}
        </p>
      )}
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      <form noValidate onSubmit={submit} aria-label={t('support.form.title')} className="space-y-3">
        <Field id={`${id}-category`} label={t('support.form.category')}>
          <select id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value as SupportCategory)} className={selectClass}>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`support.form.categories.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-subject`} label={t('support.form.subject')}>
          <input id={`${id}-subject`} value={subject} maxLength={SUPPORT_LIMITS.subject} onChange={(e) => setSubject(e.target.value)} className={inputClass} />
        </Field>
        <Field id={`${id}-message`} label={t('support.form.message')}>
          <textarea id={`${id}-message`} rows={5} value={message} maxLength={SUPPORT_LIMITS.message} onChange={(e) => setMessage(e.target.value)} className={inputClass} />
        </Field>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />}
          {t('support.form.send')}
        </Button>
      </form>
      {tickets && tickets.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('support.form.yours')}</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="tickets">
            {tickets.map((ticket) => (
              <li key={ticket.id} className="py-2">
                <span className="font-mono text-xs text-slate-500">{ticket.reference}</span> · {t(`support.form.categories.${ticket.category}`)} · {formatDate(ticket.created_at, i18n.language)}
                <p className="font-medium text-slate-900">{ticket.subject}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
