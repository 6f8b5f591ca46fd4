// An integration's delivery log, newest first (GET /api/integrations/{id}/deliveries, read in the
// browser; older pages by `before` = the last page's `next_before`): each delivery's event, status,
// attempts and next attempt, every attempt's time, HTTP status, latency, error and the start of the
// receiver's answer, and Replay (the route action's `replay`: a new attempt now, 202).
import { useCallback, useId, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { get } from '~/lib/api';
import { failureError } from '~/lib/action-failure';
import { errorText } from '~/lib/errors';
import { formatDateTime } from '~/lib/format';
import { deliveryBadge, deliveryStatusText, integrationPaths, type Delivery, type DeliveryPage, type IntegrationRequest } from '~/lib/integrations';
import { useActionAnswer, useDisplayTimeZone, useSeededLoad } from '~/lib/server-data';
import type { IntegrationAnswer } from '~/routes/integrations';
import { Badge, Button, ErrorBox, LoadingLine, Spinner, SuccessBox } from '../ui';

function Attempts({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useTranslation();
  const timeZone = useDisplayTimeZone();
  if (delivery.attempt_log.length === 0) return <p className="text-xs text-slate-500">{t('integrations.log.noAttempts')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-xs">
        <caption className="sr-only">{t('integrations.log.attemptsCaption', { event: delivery.event })}</caption>
        <thead className="text-left text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('integrations.log.attempt')}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('integrations.log.time')}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('integrations.log.httpStatus')}</th>
            <th scope="col" className="py-1 pr-3 text-right font-semibold">{t('integrations.log.latency')}</th>
            <th scope="col" className="py-1 pr-3 font-semibold">{t('integrations.log.error')}</th>
            <th scope="col" className="py-1 font-semibold">{t('integrations.log.response')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {delivery.attempt_log.map((a) => (
            <tr key={a.attempt} data-testid="delivery-attempt">
              <td className="py-1 pr-3">{a.attempt}</td>
              <td className="whitespace-nowrap py-1 pr-3">{formatDateTime(a.at, i18n.language, timeZone)}</td>
              <td className="py-1 pr-3" data-testid="attempt-status">{a.response_status > 0 ? a.response_status : t('integrations.log.noAnswer')}</td>
              <td className="whitespace-nowrap py-1 pr-3 text-right">{t('integrations.log.ms', { value: a.latency_ms.toLocaleString(i18n.language) })}</td>
              <td className="py-1 pr-3 text-red-700">{a.error}</td>
              <td className="py-1">
                {a.response_excerpt ? <code className="block max-w-xs whitespace-pre-wrap break-all rounded bg-slate-50 px-1 font-mono">{a.response_excerpt}</code> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DeliveryLog({ integrationId, name, id }: { integrationId: string; name: string; id: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const timeZone = useDisplayTimeZone();
  // The page asked for: null the newest; else the `before` of an older one (its rows are appended).
  const [before, setBefore] = useState<string | null>(null);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const fetcher = useFetcher<IntegrationAnswer>();
  const replaying = fetcher.state !== 'idle' ? (fetcher.json as IntegrationRequest | undefined) : undefined;

  const fetchPage = useCallback((signal: AbortSignal) => get<DeliveryPage>(integrationPaths.deliveries(integrationId, before), signal).then((page) => ({ page, before })), [integrationId, before]);
  const apply = useCallback(({ page, before: asked }: { page: DeliveryPage; before: string | null }) => {
    setDeliveries((shown) => (asked ? [...shown, ...page.deliveries.filter((d) => !shown.some((s) => s.id === d.id))] : page.deliveries));
    setNext(page.next_before);
  }, []);
  const { error, loading, reload } = useSeededLoad(fetchPage, apply);
  // Read from the newest page again (after a replay, or asked).
  const refresh = () => (before === null ? void reload() : setBefore(null));

  useActionAnswer(fetcher, (answer) => {
    if (answer.intent !== 'replay') return;
    if (!answer.ok) return setNotice({ ok: false, text: t('integrations.log.replayFailed', { message: errorText(failureError(answer.failure), t) }) });
    setNotice({ ok: true, text: t('integrations.log.replayed') });
    refresh();
  });

  const replay = (delivery: Delivery) => {
    setNotice(null);
    fetcher.submit({ intent: 'replay', integrationId, deliveryId: delivery.id } satisfies IntegrationRequest as never, { method: 'post', action: '/integrations', encType: 'application/json' });
  };

  return (
    <section id={id} aria-labelledby={headingId} className="mt-4 space-y-3 border-t border-slate-200 pt-4" data-testid="delivery-log">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('integrations.log.title', { name })}
        </h4>
        <Button size="sm" variant="ghost" onClick={refresh} disabled={loading}>
          {loading && <Spinner className="h-3 w-3" />}
          {t('integrations.log.refresh')}
        </Button>
      </div>
      {notice && (notice.ok ? <SuccessBox>{notice.text}</SuccessBox> : <ErrorBox takeFocus>{notice.text}</ErrorBox>)}
      {error && !loading ? (
        <ErrorBox onRetry={() => void reload()} retryLabel={t('common.retry')}>
          {t('integrations.log.loadFailed')} {errorText(error, t)}
        </ErrorBox>
      ) : null}
      {loading && deliveries.length === 0 ? (
        <LoadingLine />
      ) : deliveries.length === 0 && !error ? (
        <p className="text-sm text-slate-600">{t('integrations.log.none')}</p>
      ) : (
        <ul className="space-y-3" aria-busy={loading}>
          {deliveries.map((d) => {
            const badge = deliveryBadge(d.status);
            const busy = replaying?.intent === 'replay' && replaying.deliveryId === d.id;
            return (
              <li key={d.id} className="rounded-lg border border-slate-200 p-3" data-testid="delivery" data-event={d.event} data-status={d.status}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      <code className="font-mono font-semibold text-slate-900">{d.event}</code>
                      <Badge tone={badge.tone}>{deliveryStatusText(d.status, t)}</Badge>
                    </p>
                    <p className="text-xs text-slate-600">
                      {formatDateTime(d.created_at, i18n.language, timeZone)}
                      <span aria-hidden="true"> · </span>
                      {t('integrations.log.attempts', { count: d.attempts })}
                      {d.next_attempt_at && (
                        <>
                          <span aria-hidden="true"> · </span>
                          {t('integrations.log.nextAttempt', { time: formatDateTime(d.next_attempt_at, i18n.language, timeZone) })}
                        </>
                      )}
                    </p>
                  </div>
                  <Button size="sm" variant="secondary" onClick={() => replay(d)} disabled={replaying !== undefined} aria-label={t('integrations.log.replayNamed', { event: d.event, time: formatDateTime(d.created_at, i18n.language, timeZone) })}>
                    {busy && <Spinner className="h-3 w-3" />}
                    {t('integrations.log.replay')}
                  </Button>
                </div>
                <div className="mt-2">
                  <Attempts delivery={d} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {next && (
        <Button size="sm" variant="secondary" onClick={() => setBefore(next)} disabled={loading}>
          {t('integrations.log.older')}
        </Button>
      )}
    </section>
  );
}
