// The company's learning record store credentials (the Owner's, on /analytics): create one (its
// secret shown this once, to copy into the LMS or content), the list without secrets, revoke one
// after a confirmation. Writes are the route action's; Remix reads the list again after each.
import { useId, useState, type FormEvent } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { failureError } from '~/lib/action-failure';
import { errorText } from '~/lib/errors';
import { formatDate } from '~/lib/format';
import { LRS_KEY_LIMITS, type CreatedLrsKey, type LrsKey, type LrsKeyRequest } from '~/lib/lrs-keys';
import { useActionAnswer, useDisplayTimeZone } from '~/lib/server-data';
import type { AnalyticsAnswer } from '~/routes/analytics';
import { ConfirmDialog } from '../translation/ConfirmDialog';
import { Button, DataTable, ErrorBox, Field, SuccessBox, describedBy, inputClass } from '../ui';

export function LrsKeys({ companyId, keys }: { companyId: string; keys: LrsKey[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const timeZone = useDisplayTimeZone();
  const fetcher = useFetcher<AnalyticsAnswer>();
  const busy = fetcher.state !== 'idle';
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedLrsKey | null>(null);
  const [revoking, setRevoking] = useState<LrsKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  useActionAnswer(fetcher, (answer) => {
    setRevoking(null);
    if (!answer.ok) return setError(errorText(failureError(answer.failure), t));
    if (answer.intent === 'createKey' && answer.created) {
      setCreated(answer.created);
      setName('');
    }
  });

  const send = (request: LrsKeyRequest) => {
    setError(null);
    fetcher.submit(request as never, { method: 'post', action: '/analytics', encType: 'application/json' });
  };
  const create = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    send({ intent: 'createKey', companyId, name });
  };

  return (
    <section className="space-y-4" aria-labelledby={`${id}-title`} data-testid="lrs-keys">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">{t('analytics.lrs.title')}</h2>
        <p className="text-sm text-slate-600">{t('analytics.lrs.intro')}</p>
      </div>
      <form onSubmit={create} className="flex flex-wrap items-end gap-3" aria-label={t('analytics.lrs.create')}>
        <Field id={`${id}-name`} label={t('analytics.lrs.name')} hint={t('analytics.lrs.nameHint')}>
          <input id={`${id}-name`} value={name} maxLength={LRS_KEY_LIMITS.name} onChange={(e) => setName(e.target.value)} className={inputClass} disabled={busy} {...describedBy(`${id}-name`, true, undefined)} />
        </Field>
        <Button type="submit" disabled={busy || name.trim() === ''}>{t('analytics.lrs.create')}</Button>
      </form>
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      {created && (
        <SuccessBox>
          <p className="font-medium">{t('analytics.lrs.createdOnce', { name: created.name })}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono text-xs" data-testid="lrs-created">
            <dt>{t('analytics.lrs.endpoint')}</dt>
            <dd className="break-all">{created.endpoint}</dd>
            <dt>{t('analytics.lrs.key')}</dt>
            <dd className="break-all">{created.key}</dd>
            <dt>{t('analytics.lrs.secret')}</dt>
            <dd className="break-all" data-testid="lrs-secret">{created.secret}</dd>
          </dl>
        </SuccessBox>
      )}
      {keys.length === 0 ? (
        <p className="text-sm text-slate-600">{t('analytics.lrs.none')}</p>
      ) : (
        <DataTable
          caption={t('analytics.lrs.tableLabel')}
          columns={[{ label: t('analytics.lrs.name') }, { label: t('analytics.lrs.key') }, { label: t('analytics.lrs.scopes') }, { label: t('analytics.lrs.created') }, { label: t('analytics.lrs.actions'), srOnly: true }]}
        >
          {keys.map((key) => (
            <tr key={key.id} data-testid="lrs-key">
              <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">{key.name}</th>
              <td className="px-3 py-2 font-mono text-xs text-slate-700">{key.key}</td>
              <td className="px-3 py-2 text-slate-700">{key.scopes.join(', ')}</td>
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDate(key.created_at, i18n.language, timeZone)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setRevoking(key)} aria-label={t('analytics.lrs.revokeNamed', { name: key.name })}>
                  {t('analytics.lrs.revoke')}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('analytics.lrs.revokeTitle')}
        question={t('analytics.lrs.revokeConfirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('analytics.lrs.revoke')}
        busy={busy}
        onConfirm={() => revoking && send({ intent: 'revokeKey', companyId, keyId: revoking.id })}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
