// The FAQ (web/app/i18n/education, its figures from the plan catalogue) as expandable questions:
// the education centre shows all of it, the support page the questions it names.
import { useTranslation } from 'react-i18next';
import { educationTexts } from '~/i18n/education';

export function FaqList({ ids, testId }: { ids?: readonly string[]; testId?: string }) {
  const { i18n } = useTranslation();
  const { faq } = educationTexts(i18n.language);
  const shown = ids ? ids.map((id) => faq.find((entry) => entry.id === id)).filter((entry) => entry !== undefined) : faq;
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid={testId}>
      {shown.map((entry) => (
        <details key={entry.id} id={`faq-${entry.id}`} className="group px-5 py-4">
          <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
            <span className="flex items-center justify-between gap-4">
              {entry.question}
              <span className="text-slate-400 transition-transform group-open:rotate-45" aria-hidden="true">
                +
              </span>
            </span>
          </summary>
          <div className="mt-2 space-y-2 text-sm text-slate-600">
            {entry.answer.split('\n\n').map((paragraph) => (
              <p key={paragraph} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
