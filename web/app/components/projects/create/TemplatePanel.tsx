// The create form's template: the chosen one (preview, name, category, slides) with Change /
// Remove, or Choose, which opens the marketplace in pick mode over the form.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { shownTemplate, type MarketplaceTemplate } from '~/lib/templates';
import { Button } from '../../ui';

export function TemplatePanel({ template, onChoose, onRemove }: { template: MarketplaceTemplate | null; onChoose: () => void; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const chosen = template ? shownTemplate(template, i18n.language) : null;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium text-slate-700">
          {t('projectForm.template')}
        </h3>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onChoose}>
            {template ? t('projectForm.changeTemplate') : t('projectForm.chooseTemplate')}
          </Button>
          {template && (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              {t('projectForm.removeTemplate')}
            </Button>
          )}
        </div>
      </div>
      {chosen ? (
        <div className="mt-3 flex items-center gap-3" data-testid="chosen-template">
          <img src={chosen.preview_image} alt={t('templates.previewAlt', { name: chosen.name })} className="aspect-video w-32 rounded border border-slate-200" />
          <div className="text-sm">
            <p className="font-medium text-slate-900">{chosen.name}</p>
            <p className="text-xs text-slate-500">
              {t(`templates.categories.${chosen.category}`, { defaultValue: chosen.category })} · {t('templates.slides', { count: chosen.slides })}
            </p>
          </div>
        </div>
      ) : (
        <p className="mt-1 text-xs text-slate-500">{t('projectForm.noTemplate')}</p>
      )}
    </section>
  );
}
