// Billing's confirmations: a downgrade (at the period's end), a cancellation, and the changes
// charged at once (an upgrade of a paid plan, an add-on), which name their amount; `changed`: the
// server refused the amount shown before, this is the new one.
import { useTranslation } from 'react-i18next';
import type { AddOnId, TierId } from '@trainwright/catalogue';
import { formatCents, type BillingInterval, type ChargePreview, type PaidTierId } from '~/lib/billing';
import { planName } from '~/lib/format';
import { Modal } from '../Modal';
import { Button, Spinner } from '../ui';

export type Confirm =
  | { kind: 'downgrade'; tier: PaidTierId }
  | { kind: 'cancel' }
  | { kind: 'upgrade'; tier: PaidTierId; interval: BillingInterval; charge: ChargePreview; changed?: boolean }
  | { kind: 'addOn'; addOn: AddOnId; charge: ChargePreview; changed?: boolean };

export function ConfirmDialog({
  confirm,
  currentTier,
  periodEnd,
  busy,
  onKeep,
  onConfirm,
}: {
  confirm: Confirm;
  currentTier: TierId;
  /** The current period's end as shown, or '' when unknown. */
  periodEnd: string;
  busy: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const dialog = (): { title: string; text: string; keep: string; confirm: string; testId?: string } => {
    switch (confirm.kind) {
      case 'upgrade': {
        const amount = formatCents(confirm.charge.amount_cents, i18n.language, confirm.charge.currency);
        const plan = planName(t, confirm.tier);
        return {
          title: t('billing.upgradeTitle', { plan }),
          text: t('billing.upgradeText', { amount, plan }),
          keep: t('billing.keepPlan'),
          confirm: t('billing.confirmUpgrade', { amount }),
          testId: 'upgrade-charge',
        };
      }
      case 'addOn': {
        const amount = formatCents(confirm.charge.amount_cents, i18n.language, confirm.charge.currency);
        const name = t(`addOns.${confirm.addOn}`);
        return {
          title: t('billing.addOnTitle', { name }),
          text: t('billing.addOnText', { amount, name }),
          keep: t('common.cancel'),
          confirm: t('billing.confirmAddOn', { amount }),
          testId: 'addon-charge',
        };
      }
      case 'downgrade':
        return {
          title: t('billing.downgradeTitle', { plan: planName(t, confirm.tier) }),
          text: periodEnd
            ? t('billing.downgradeText', { date: periodEnd, current: planName(t, currentTier) })
            : t('billing.downgradeTextNoDate', { current: planName(t, currentTier) }),
          keep: t('billing.keepPlan'),
          confirm: t('billing.confirmDowngrade'),
        };
      case 'cancel':
        return {
          title: t('billing.cancelTitle'),
          text: periodEnd ? t('billing.cancelText', { date: periodEnd, plan: planName(t, currentTier) }) : t('billing.cancelTextNoDate', { plan: planName(t, currentTier) }),
          keep: t('billing.keepSubscription'),
          confirm: t('billing.confirmCancel'),
        };
    }
  };
  const shown = dialog();
  return (
    <Modal open onClose={() => !busy && onKeep()} title={shown.title}>
      <div className="space-y-4">
        {'changed' in confirm && confirm.changed && (
          <p role="alert" className="text-sm font-medium text-amber-800">
            {t('billing.upgradeAmountChanged')}
          </p>
        )}
        <p className="text-sm text-slate-700" data-testid={shown.testId}>
          {shown.text}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onKeep} disabled={busy}>
            {shown.keep}
          </Button>
          <Button variant={'charge' in confirm ? 'primary' : 'danger'} onClick={onConfirm} disabled={busy}>
            {busy && <Spinner />}
            {shown.confirm}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
