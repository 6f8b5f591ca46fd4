// The Integration Dashboard's body (routes/integrations.tsx): the company's active integrations
// (cards), the catalogue of what can be connected, the setup form of the chosen entry with its help,
// and the removal's confirmation. Only the Owner manages integrations; anyone else reads the
// catalogue. Writes are the route action's; Remix reads the loader again after each.
import { useId, useMemo, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { failureError } from '~/lib/action-failure';
import { useSignedInUser } from '~/lib/auth';
import { canManageIntegrations, removeFailureText, setupSuccessText, shownEntry, type CatalogueEntry, type IntegrationRequest, type SetupAnswer, type ShownIntegration } from '~/lib/integrations';
import { useActionAnswer, useHydrated } from '~/lib/server-data';
import type { IntegrationAnswer } from '~/routes/integrations';
import { CheckIcon, PlugIcon } from '../icons';
import { ConfirmDialog } from '../translation/ConfirmDialog';
import { Badge, Button, Card, EmptyState, ErrorBox, LoadingLine, SuccessBox } from '../ui';
import { IntegrationCard } from './IntegrationCard';
import { SecretOnce } from './SecretOnce';
import { SetupForm } from './SetupForm';

type Notice = { ok: boolean; text: string; secret?: string };

function CatalogueCard({ entry, canSetUp, chosen, onChoose }: { entry: CatalogueEntry; canSetUp: boolean; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="catalogue-entry" data-type={entry.id} data-available={entry.available}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-name`} className="font-semibold text-slate-900">
          {entry.name}
        </h3>
        <Badge tone="indigo">{entry.category}</Badge>
      </div>
      <p className="mt-2 text-sm text-slate-600">{entry.description}</p>
      <h4 className="sr-only">{t('integrations.available.features', { name: entry.name })}</h4>
      <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
        {entry.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {!entry.available ? (
        <p className="mt-4 self-start">
          <Badge tone="slate">{t('integrations.available.notYet')}</Badge>
        </p>
      ) : canSetUp ? (
        <Button size="sm" className="mt-4 self-start" onClick={onChoose} disabled={!hydrated} aria-pressed={chosen} aria-label={t('integrations.available.setupNamed', { name: entry.name })}>
          {t('integrations.available.setup')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * `catalogue` / `integrations`: the route loader's (null while it reads again after hydration, or
 * when it could not); `settled`: no such reading is under way (`onRetry` reads again).
 */
export function IntegrationHub({ catalogue, integrations, settled, onRetry }: { catalogue: CatalogueEntry[] | null; integrations: ShownIntegration[] | null; settled: boolean; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const manages = canManageIntegrations(user);
  const [chosen, setChosen] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<ShownIntegration | null>(null);
  const remover = useFetcher<IntegrationAnswer>();
  const entries = useMemo(() => (catalogue ?? []).map((e) => shownEntry(e, t)), [catalogue, t, i18n.language]);
  const entryOf = (type: string) => entries.find((e) => e.id === type);
  const chosenEntry = chosen ? entries.find((e) => e.id === chosen && e.available) : undefined;

  useActionAnswer(remover, (answer) => {
    if (answer.intent !== 'remove') return;
    setRemoving(null);
    setNotice(answer.ok ? { ok: true, text: t('integrations.remove.done') } : { ok: false, text: removeFailureText(failureError(answer.failure), t) });
  });

  const setUp = (answer: SetupAnswer) => {
    const name = entryOf(answer.integration.integration_type)?.name ?? answer.integration.name;
    setChosen(null);
    setNotice({ ok: true, text: setupSuccessText(name, t), secret: answer.signing_secret });
  };

  const remove = (integration: ShownIntegration) => {
    setNotice(null);
    remover.submit({ intent: 'remove', integrationId: integration.id } satisfies IntegrationRequest as never, { method: 'post', action: '/integrations', encType: 'application/json' });
  };

  if ((!catalogue || !integrations) && settled) {
    return (
      <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
        {t('integrations.loadFailed')}
      </ErrorBox>
    );
  }
  if (!catalogue || !integrations) return <LoadingLine />;

  return (
    <div className="space-y-10" data-testid="integrations">
      {!manages && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="note">
          {t('integrations.ownerOnly')}
        </p>
      )}

      {notice && (
        <div className="space-y-3">
          {notice.ok ? <SuccessBox>{notice.text}</SuccessBox> : <ErrorBox takeFocus>{notice.text}</ErrorBox>}
          {notice.secret && (
            <SecretOnce secret={notice.secret} label={t('integrations.secret.label')}>
              <p className="font-medium">{t('integrations.secret.once')}</p>
              <p>{t('integrations.secret.verify')}</p>
            </SecretOnce>
          )}
        </div>
      )}

      {manages && (
        <section aria-labelledby="integrations-active" className="space-y-4">
          <h2 id="integrations-active" className="text-lg font-semibold text-slate-900">
            {t('integrations.active.title')}
          </h2>
          {integrations.length === 0 ? (
            <EmptyState icon={<PlugIcon className="h-10 w-10" />} title={t('integrations.active.none')} text={t('integrations.active.noneText')} />
          ) : (
            <ul className="grid gap-4 xl:grid-cols-2">
              {integrations.map((integration) => (
                <li key={integration.id}>
                  <IntegrationCard integration={integration} entry={entryOf(integration.integration_type)} onRemove={setRemoving} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <section aria-labelledby="integrations-available" className="space-y-4">
        <div>
          <h2 id="integrations-available" className="text-lg font-semibold text-slate-900">
            {t('integrations.available.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('integrations.available.intro')}</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {entries.map((entry) => (
            <CatalogueCard key={entry.id} entry={entry} canSetUp={manages} chosen={chosen === entry.id} onChoose={() => setChosen(entry.id)} />
          ))}
        </ul>
        {manages && chosenEntry && <SetupForm entry={chosenEntry} onDone={setUp} onCancel={() => setChosen(null)} />}
        {chosenEntry ? null : (
          <Card className="p-4">
            <h3 className="text-sm font-semibold text-slate-900">{t('integrations.help.deliveredTitle')}</h3>
            <p className="mt-1 text-sm text-slate-600">{t('integrations.help.delivered')}</p>
          </Card>
        )}
      </section>

      <ConfirmDialog
        open={removing !== null}
        title={t('integrations.remove.title')}
        question={t('integrations.remove.confirm')}
        confirmLabel={t('integrations.actions.remove')}
        busy={remover.state !== 'idle'}
        onConfirm={() => removing && remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
