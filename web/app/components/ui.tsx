import { useTranslation } from 'react-i18next';
// Small presentational building blocks shared by the screens.
import { forwardRef, useEffect, useRef, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '@remix-run/react';

export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-indigo-600 disabled:bg-indigo-300',
  secondary:
    'bg-white text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-indigo-600 disabled:text-slate-400 disabled:hover:bg-white',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-indigo-600 disabled:text-slate-300',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-500 focus-visible:outline-red-600',
};

export function buttonClass(variant: Variant = 'primary', size: 'sm' | 'md' = 'md'): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors',
    'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed',
    size === 'sm' ? 'px-2.5 py-1.5 text-xs' : 'px-3.5 py-2 text-sm',
    VARIANTS[variant],
  );
}

/** A button; a ref reaches the <button> (to move focus to it). */
export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'sm' | 'md' }>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={cx(buttonClass(variant, size), className)} {...props} />;
});

export function ButtonLink({
  to,
  variant = 'primary',
  size = 'md',
  className,
  children,
  onClick,
  'aria-label': ariaLabel,
}: {
  to: string;
  variant?: Variant;
  size?: 'sm' | 'md';
  className?: string;
  children: ReactNode;
  /** Runs as the link is followed (a dialog closing behind it). */
  onClick?: () => void;
  'aria-label'?: string;
}) {
  return (
    <Link to={to} className={cx(buttonClass(variant, size), className)} onClick={onClick} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg className={cx('animate-spin', className ?? 'h-4 w-4')} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 018-8v4a4 4 0 00-4 4H4z" />
    </svg>
  );
}

/** 'Loading...' with a spinner, announced politely. */
export function LoadingLine() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
      <Spinner /> {t('common.loading')}
    </p>
  );
}

export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx('rounded-xl border border-slate-200 bg-white shadow-sm', className)}>{children}</div>;
}

export function Badge({ tone = 'slate', children }: { tone?: 'slate' | 'indigo' | 'green' | 'amber' | 'red'; children: ReactNode }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
    indigo: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
    green: 'bg-green-50 text-green-700 ring-green-600/20',
    amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
    red: 'bg-red-50 text-red-700 ring-red-600/20',
  } as const;
  return (
    <span className={cx('inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone])}>
      {children}
    </span>
  );
}

/** The red error box. `takeFocus` moves focus to it when it appears (after a failed submit). */
export function ErrorBox({
  children,
  onRetry,
  retryLabel,
  takeFocus = false,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={takeFocus ? -1 : undefined}
      className="flex items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 focus:outline-none"
    >
      <span>{children}</span>
      {onRetry && (
        <button type="button" onClick={onRetry} className="shrink-0 font-semibold text-red-700 underline hover:text-red-900">
          {retryLabel}
        </button>
      )}
    </div>
  );
}

export function SuccessBox({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      {children}
    </div>
  );
}

export function EmptyState({ icon, title, text, children }: { icon?: ReactNode; title: string; text?: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon && <div className="mb-3 text-slate-400">{icon}</div>}
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {text && <p className="mt-1 max-w-xl text-sm text-slate-600">{text}</p>}
      {children && <div className="mt-5 flex flex-wrap items-start justify-center gap-3">{children}</div>}
    </div>
  );
}

export const inputClass =
  'block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 read-only:bg-slate-50 read-only:text-slate-600 disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:ring-red-400';

/** A labelled input with an optional hint and error, wired with aria-describedby. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria props for an input inside <Field>. */
export function describedBy(id: string, hint: unknown, error: string | undefined) {
  const ids = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { 'aria-describedby': ids, 'aria-invalid': error ? true : undefined } as const;
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The Cancel / Save footer of an edit form; Save submits the form. */
export function FormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={saving}>
        {saving && <Spinner />}
        {saving ? t('common.saving') : t('common.save')}
      </Button>
    </div>
  );
}

/** The ids that tie a tab to its panel (`idBase` from useId()). */
export function tabIds(idBase: string, key: string) {
  return { tab: `${idBase}-tab-${key}`, panel: `${idBase}-panel-${key}` };
}

/**
 * A tab list (WAI-ARIA tabs, automatic activation): the selected tab is the one in the Tab order;
 * arrow keys, Home and End move between tabs and select them. Render each panel with
 * `<TabPanel idBase tab>`.
 */
export function Tabs<K extends string>({
  idBase,
  label,
  tabs,
  value,
  onChange,
}: {
  idBase: string;
  label: string;
  tabs: { key: K; label: ReactNode }[];
  value: K;
  onChange: (key: K) => void;
}) {
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.key);
    document.getElementById(tabIds(idBase, tab.key).tab)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === value);
    if (event.key === 'ArrowRight') select(index + 1);
    else if (event.key === 'ArrowLeft') select(index - 1);
    else if (event.key === 'Home') select(0);
    else if (event.key === 'End') select(tabs.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto border-b border-slate-200">
      {tabs.map((tab) => {
        const selected = tab.key === value;
        const ids = tabIds(idBase, tab.key);
        return (
          <button
            key={tab.key}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600',
              selected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idBase, tab, className, children }: { idBase: string; tab: string; className?: string; children: ReactNode }) {
  const ids = tabIds(idBase, tab);
  return (
    <div id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} tabIndex={0} className={cx('focus:outline-none', className)}>
      {children}
    </div>
  );
}

/** A table column's header: its label, right-aligned for figures, or read only by screen readers (an actions column). */
export interface TableColumn {
  label: string;
  align?: 'right';
  srOnly?: boolean;
}

/** The frame every list table shares: a scrolling card, an optional caption, the column headers, and the rows as children. */
export function DataTable({ caption, columns, children }: { caption?: string; columns: TableColumn[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cx('px-3 py-2', c.align === 'right' && 'text-right')}>
                {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** Previous and next between the pages of a list: nothing when it fits on one page. */
export function Pager({ label, page, total, pageSize, busy = false, onPage }: { label: string; page: number; total: number; pageSize: number; busy?: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-2" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </Button>
      <span className="text-sm text-slate-600">{t('common.pageOf', { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </Button>
    </nav>
  );
}
