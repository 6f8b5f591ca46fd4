// Locale-aware formatting of the numbers the screens show.
import type { TFunction } from 'i18next';
import { isUnlimited, normaliseTierId, TIERS, type Tier } from '@trainwright/catalogue';

/** '1 of 3', or '1 of ∞' for an unlimited (-1) limit. */
export function usageText(t: TFunction, current: number, limit: number): string {
  return t('common.usage', { current, limit: isUnlimited(limit) ? t('common.unlimited') : limit });
}

export function formatPrice(amount: number, language: string, fractionDigits?: number): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits ?? (Number.isInteger(amount) ? 0 : 2),
    maximumFractionDigits: fractionDigits ?? 2,
  }).format(amount);
}

/** `timeZone`: the browser's when left out; see `useDisplayTimeZone` for server-rendered screens. */
export function formatDate(iso: string | null | undefined, language: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);
}

export function formatList(items: string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}

/** The catalogue tier for a tier id the server sent (tolerates the prototype's short names). */
export function tierOf(id: string | undefined | null): Tier {
  return TIERS[normaliseTierId(id)];
}

/** The plan's name in the interface language. */
export function planName(t: TFunction, id: string | undefined | null): string {
  return t(`plans.${tierOf(id).id}`);
}
