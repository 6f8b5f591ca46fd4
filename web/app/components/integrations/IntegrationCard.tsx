// One of the company's integrations: its catalogue name, status badge, masked configuration, the
// reason of an error, its last delivery, and Test, Delivery log, Rotate signing secret (Zapier's
// signed deliveries only) and Remove (the page confirms it). Test and rotation post to the route's
// action from this card; the new signing secret is shown here once.
import { useId, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { failureError } from '~/lib/action-failure';
import { errorText } from '~/lib/errors';
import { formatDateTime } from '~/lib/format';
import {
  configurationRows,
  deliveryStatusText,
  integrationName,
  statusBadge,
  statusReasonText,
  testResultText,
  type CatalogueEntry,
  type IntegrationRequest,
  type RotateAnswer,
  type ShownIntegration,
} from '~/lib/integrations';
import { useActionAnswer, useDisplayTimeZone, useHydrated } from '~/lib/server-data';
import type { IntegrationAnswer } from '~/routes/integrations';
import { Badge, Button, Card, ErrorBox, Spinner, SuccessBox } from '../ui';
import { DeliveryLog } from './DeliveryLog';
import { SecretOnce } from './SecretOnce';

export function IntegrationCard({ integration, entry, onRemove }: { integration: ShownIntegration; entry: CatalogueEntry | undefined; onRemove: (integration: ShownIntegration) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const timeZone = useDisplayTimeZone();
  const hydrated = useHydrated();
  const fetcher = useFetcher<IntegrationAnswer>();
  const running = fetcher.state !== 'idle' ? (fetcher.json as IntegrationRequest | undefined)?.intent : undefined;
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [rotated, setRotated] = useState<RotateAnswer | null>(null);
  const [logOpen, setLogOpen] = useState(false);

  const name = integrationName(integration, t);
  const badge = statusBadge(integration.status, integration.statusUnread);
  const reason = statusReasonText(integration, t);
  const rows = configurationRows(integration, entry, t);

  useActionAnswer(fetcher, (answer) => {
    if (answer.intent === 'test') {
      const result = answer.ok && answer.test ? testResultText({ answer: answer.test }, t) : testResultText({ error: answer.ok ? undefined : failureError(answer.failure) }, t);
      setNotice(result);
    } else if (answer.intent === 'rotate') {
      if (answer.ok && answer.rotated) setRotated(answer.rotated);
      else if (!answer.ok) setNotice({ ok: false, text: t('integrations.rotate.failed', { message: errorText(failureError(answer.failure), t) }) });
    }
  });

  const send = (request: IntegrationRequest) => {
    setNotice(null);
    if (request.intent === 'rotate') setRotated(null);
    fetcher.submit(request as never, { method: 'post', action: '/integrations', encType: 'application/json' });
  };

  return (
    <Card className="p-5">
      <article aria-labelledby={`${id}-name`} data-testid="integration" data-integration-id={integration.id} data-type={integration.integration_type}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`${id}-name`} className="text-base font-semibold text-slate-900">
              {name}
            </h3>
            <p className="text-xs text-slate-500">{t('integrations.active.added', { date: formatDateTime(integration.created_at, i18n.language, timeZone) })}</p>
          </div>
          <span data-testid="integration-status" data-status={badge.key}>
            <span className="sr-only">{t('integrations.active.status')}: </span>
            <Badge tone={badge.tone}>{t(`integrations.status.${badge.key}`)}</Badge>
          </span>
        </div>

        {reason && (
          <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="note" data-testid="status-reason">
            {reason}
          </p>
        )}

        <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map((row) => (
            <div key={row.name} className="contents">
              <dt className="text-slate-500">{row.label}</dt>
              <dd className="break-all font-mono text-xs leading-5 text-slate-800">{row.value}</dd>
            </div>
          ))}
          <dt className="text-slate-500">{t('integrations.active.lastDelivery')}</dt>
          <dd className="text-slate-800" data-testid="last-delivery">
            {integration.last_delivery_at
              ? t('integrations.active.lastDeliveryAt', { time: formatDateTime(integration.last_delivery_at, i18n.language, timeZone), status: deliveryStatusText(integration.last_delivery_status, t) })
              : t('integrations.active.noDelivery')}
          </dd>
        </dl>

        {notice && <div className="mt-4">{notice.ok ? <SuccessBox>{notice.text}</SuccessBox> : <ErrorBox takeFocus>{notice.text}</ErrorBox>}</div>}
        {rotated && (
          <div className="mt-4">
            <SecretOnce secret={rotated.signing_secret} label={t('integrations.secret.label')}>
              <p className="font-medium">{t('integrations.rotate.done')}</p>
              <p>{t('integrations.rotate.overlap', { time: formatDateTime(rotated.previous_valid_until, i18n.language, timeZone) })}</p>
            </SecretOnce>
          </div>
        )}

        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => send({ intent: 'test', integrationId: integration.id })} disabled={!hydrated || running !== undefined} aria-label={t('integrations.actions.testNamed', { name })}>
            {running === 'test' && <Spinner className="h-3 w-3" />}
            {running === 'test' ? t('integrations.actions.testing') : t('integrations.actions.test')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setLogOpen((open) => !open)} disabled={!hydrated} aria-expanded={logOpen} aria-controls={logOpen ? `${id}-log` : undefined}>
            {t('integrations.actions.deliveryLog')}
          </Button>
          {integration.signed && (
            <Button size="sm" variant="secondary" onClick={() => send({ intent: 'rotate', integrationId: integration.id })} disabled={!hydrated || running !== undefined}>
              {running === 'rotate' && <Spinner className="h-3 w-3" />}
              {t('integrations.actions.rotate')}
            </Button>
          )}
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => onRemove(integration)} disabled={!hydrated || running !== undefined} aria-label={t('integrations.actions.removeNamed', { name })}>
            {t('integrations.actions.remove')}
          </Button>
        </div>

        {logOpen && <DeliveryLog id={`${id}-log`} integrationId={integration.id} name={name} />}
      </article>
    </Card>
  );
}
