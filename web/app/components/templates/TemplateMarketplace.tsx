// The template marketplace: GET /api/templates with search, category, level and sort as query
// parameters; a grid / list toggle; cards with the preview image (an SVG data URI in an <img>),
// name, category, difficulty and duration, slides and features. Templates the plan does not
// include are locked and link to /billing. Shown in a modal (dashboard, create form) and as the
// /templates page.
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { DIFFICULTIES, TEMPLATE_CATEGORIES, TEMPLATE_SORTS, type TemplateSort } from '@trainwright/templates';
import { get } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { errorText } from '~/lib/errors';
import { useSeededLoad } from '~/lib/server-data';
import { isPreviewImage, shownTemplate, templateQueryString, type MarketplaceTemplate, type TemplateListResponse, type TemplateQuery } from '~/lib/templates';
import { SEARCH_DEBOUNCE_MS } from '~/lib/useProjects';
import { LockIcon, PlusIcon, TemplateIcon } from '../icons';
import { Modal } from '../Modal';
import { selectClass } from '../projects/ProjectFormFields';
import { Badge, Button, EmptyState, ErrorBox, Spinner, buttonClass, cx, inputClass } from '../ui';
import { TemplateCreator } from './TemplateCreator';
import { mayAct } from '~/lib/roles';

export type MarketplaceMode = 'use' | 'pick';

export function TemplateCard({
  template: served,
  layout,
  mode,
  onUse,
  onLeave,
}: {
  template: MarketplaceTemplate;
  layout: 'grid' | 'list';
  mode: MarketplaceMode;
  onUse: (template: MarketplaceTemplate) => void;
  onLeave?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const template = shownTemplate(served, i18n.language);
  const locked = template.available === false;
  const image = isPreviewImage(template.preview_image) ? (
    <img
      src={template.preview_image}
      alt={t('templates.previewAlt', { name: template.name })}
      className={cx('rounded-md bg-slate-100 object-cover', layout === 'grid' ? 'aspect-video w-full' : 'aspect-video w-40 shrink-0')}
      loading="lazy"
    />
  ) : (
    <div className={cx('flex items-center justify-center rounded-md bg-slate-100 text-slate-400', layout === 'grid' ? 'aspect-video w-full' : 'aspect-video w-40 shrink-0')}>
      <TemplateIcon className="h-8 w-8" />
    </div>
  );
  const action = locked ? (
    <Link to="/billing" onClick={onLeave} className={buttonClass('secondary', 'sm')}>
      <LockIcon className="h-3.5 w-3.5" />
      {t('templates.upgradeToUse')}
    </Link>
  ) : (
    <Button size="sm" onClick={() => onUse(served)} aria-label={t(mode === 'pick' ? 'templates.chooseNamed' : 'templates.useNamed', { name: template.name })}>
      {mode === 'pick' ? t('templates.choose') : t('templates.use')}
    </Button>
  );
  return (
    <li
      data-testid="template-card"
      data-template-id={template.id}
      className={cx(
        'rounded-xl border bg-white p-3 shadow-sm',
        locked ? 'border-slate-200 bg-slate-50' : 'border-slate-200',
        layout === 'grid' ? 'flex flex-col gap-3' : 'flex items-start gap-4',
      )}
    >
      <div className="relative">
        {image}
        {locked && (
          <span className="absolute right-2 top-2 inline-flex items-center gap-1 rounded-full bg-slate-900/80 px-2 py-0.5 text-xs font-medium text-white">
            <LockIcon className="h-3 w-3" />
            {t('templates.locked')}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{template.name}</h3>
          <Badge tone="indigo">{t(`templates.categories.${template.category}`, { defaultValue: template.category })}</Badge>
        </div>
        {/* The headline is English only: another language shows the translated description instead. */}
        {template.translated ? (
          <p className="text-sm text-slate-600">{template.description}</p>
        ) : (
          template.title && template.title !== template.name && <p className="text-sm text-slate-600">{template.title}</p>
        )}
        <p className="text-xs text-slate-500">
          {t(`templates.levels.${template.difficulty}`, { defaultValue: template.difficulty })} · {template.duration} ·{' '}
          {t('templates.slides', { count: template.slides })}
        </p>
        {template.features.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('templates.features')}>
            {template.features.slice(0, layout === 'grid' ? 3 : 5).map((feature, i) => (
              <li key={i} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                {feature}
              </li>
            ))}
          </ul>
        )}
        <div className={cx('mt-auto pt-2', layout === 'list' && 'sm:pt-1')}>{action}</div>
      </div>
    </li>
  );
}

export function TemplateMarketplace({
  mode,
  onUse,
  onLeave,
  initial = null,
}: {
  mode: MarketplaceMode;
  onUse: (template: MarketplaceTemplate) => void;
  /** Called before a link leaves for another page (the modal closes). */
  onLeave?: () => void;
  /** The unfiltered list as the /templates loader read it (not asked again on mount). */
  initial?: TemplateListResponse | null;
}) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const id = useId();
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<TemplateQuery>({ search: '', category: '', level: '', sort: '' });
  const [data, setData] = useState<TemplateListResponse | null>(initial);
  const fetchTemplates = useCallback(
    (signal: AbortSignal) => {
      const qs = templateQueryString(query);
      return get<TemplateListResponse>(`/templates${qs ? `?${qs}` : ''}`, signal);
    },
    [query],
  );
  const { error, loading, reload } = useSeededLoad(fetchTemplates, setData, { seeded: initial !== null });
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  useEffect(() => {
    if (searchInput === query.search) return;
    const timer = setTimeout(() => setQuery((q) => ({ ...q, search: searchInput })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, query.search]);

  const canCreate = mayAct(user.role, 'template.create');
  const templates = data?.templates ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="flex-1">
          <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-700">
            {t('templates.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={searchInput}
            placeholder={t('templates.searchPlaceholder')}
            onChange={(e) => setSearchInput(e.target.value)}
            className={cx(inputClass, 'mt-1')}
          />
        </div>
        <div className="grid grid-cols-3 gap-2 lg:w-[30rem]">
          <div>
            <label htmlFor={`${id}-category`} className="block text-sm font-medium text-slate-700">
              {t('templates.category')}
            </label>
            <select
              id={`${id}-category`}
              value={query.category}
              onChange={(e) => setQuery((q) => ({ ...q, category: e.target.value }))}
              className={cx(selectClass, 'mt-1')}
            >
              <option value="">{t('templates.allCategories')}</option>
              {TEMPLATE_CATEGORIES.map((c) => {
                const count = data?.categories?.[c];
                const label = t(`templates.categories.${c}`, { defaultValue: c });
                return (
                  <option key={c} value={c}>
                    {typeof count === 'number' ? `${label} (${count})` : label}
                  </option>
                );
              })}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-level`} className="block text-sm font-medium text-slate-700">
              {t('templates.level')}
            </label>
            <select
              id={`${id}-level`}
              value={query.level}
              onChange={(e) => setQuery((q) => ({ ...q, level: e.target.value }))}
              className={cx(selectClass, 'mt-1')}
            >
              <option value="">{t('templates.allLevels')}</option>
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {t(`templates.levels.${d}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-700">
              {t('templates.sort')}
            </label>
            <select
              id={`${id}-sort`}
              value={query.sort}
              onChange={(e) => setQuery((q) => ({ ...q, sort: e.target.value as TemplateSort | '' }))}
              className={cx(selectClass, 'mt-1')}
            >
              <option value="">{t('templates.sorts.default')}</option>
              {TEMPLATE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`templates.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite">
          {loading ? (
            <span className="inline-flex items-center gap-2">
              <Spinner className="h-4 w-4" /> {t('common.loading')}
            </span>
          ) : data ? (
            t('templates.count', { count: data.total ?? templates.length })
          ) : null}
        </p>
        <div className="flex items-center gap-2">
          <div role="group" aria-label={t('templates.view')} className="inline-flex rounded-md shadow-sm ring-1 ring-inset ring-slate-300">
            {(['grid', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={layout === v}
                onClick={() => setLayout(v)}
                className={cx(
                  'px-3 py-1.5 text-xs font-medium first:rounded-l-md last:rounded-r-md',
                  layout === v ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {t(`templates.views.${v}`)}
              </button>
            ))}
          </div>
          {canCreate && (
            <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
              <PlusIcon className="h-3.5 w-3.5" />
              {t('templates.create')}
            </Button>
          )}
        </div>
      </div>

      {created && (
        <div role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {t('templates.created', { name: created })}
        </div>
      )}

      {error != null && !loading && (
        <ErrorBox onRetry={() => void reload()} retryLabel={t('common.retry')}>
          {t('templates.loadFailed')} {errorText(error, t)}
        </ErrorBox>
      )}

      {data && !error && templates.length === 0 && !loading && (
        <EmptyState icon={<TemplateIcon className="h-10 w-10" />} title={t('templates.empty')} text={t('templates.emptyText')} />
      )}

      {templates.length > 0 && !error && (
        <ul className={cx(layout === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'space-y-3', loading && 'opacity-60')} aria-label={t('templates.listLabel')}>
          {templates.map((template) => (
            <TemplateCard key={template.id} template={template} layout={layout} mode={mode} onUse={onUse} onLeave={onLeave} />
          ))}
        </ul>
      )}

      {creating && (
        <TemplateCreator
          onClose={() => setCreating(false)}
          onCreated={(template) => {
            setCreating(false);
            setCreated(template.name);
            void reload();
          }}
        />
      )}
    </div>
  );
}

export function TemplateMarketplaceModal({
  open,
  mode,
  onClose,
  onUse,
}: {
  open: boolean;
  mode: MarketplaceMode;
  onClose: () => void;
  onUse: (template: MarketplaceTemplate) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('templates.marketplace')} description={t('templates.marketplaceText')} size="xl">
      {open && <TemplateMarketplace mode={mode} onUse={onUse} onLeave={onClose} />}
    </Modal>
  );
}
