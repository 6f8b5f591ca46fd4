// Locale-aware formatting of the numbers the screens show.
import type { TFunction } from 'i18next';
import { isUnlimited, normaliseTierId, TIERS, type Tier } from '@trainwright/catalogue';

/** '1 of 3', or '1 of ∞' for an unlimited (-1) limit. */
export function usageText(t: TFunction, current: number, limit: number): string {
  return t('common.usage', { current, limit: isUnlimited(limit) ? t('common.unlimited') : limit });
}

/**
 * Money in the interface language, from cents: the one formatter of every amount the screens
 * show. Always with the currency's own decimals ('$2.00', never '$2'): en '$278.40',
 * es '278,40 US$', fr '278,40 $US'.
 */
export function formatCents(cents: number, language: string, currency = 'USD'): string {
  const code = (currency || 'USD').toUpperCase();
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: code }).format(cents / 100);
  } catch {
    // An unknown language tag or currency code from the server: still a readable amount.
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}

/** A catalogue amount in dollars (plan prices, per-minute rates), formatted as formatCents does. */
export function formatPrice(amount: number, language: string): string {
  return formatCents(Math.round(amount * 100), language);
}

/** `timeZone`: the browser's when left out; see `useDisplayTimeZone` for server-rendered screens. */
export function formatDate(iso: string | null | undefined, language: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A date and time ('Dec 5, 2026, 8:33:49 AM' in en); '' for none. `timeZone` as for formatDate. */
export function formatDateTime(iso: string | null | undefined, language: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** A moment of a video: '1:05' for 65.2 s; '1:01:05' past an hour. */
export function formatMoment(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
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
