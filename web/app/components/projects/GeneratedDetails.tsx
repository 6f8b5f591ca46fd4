// What the AI generator made besides the slides and script (docs/api.md, generated_content): the
// engine, the notices on how it was made, the summary, learning objectives, questions with the
// correct option marked and its explanation, the glossary and the learning path's modules. Shown
// in the preview dialog under the content; nothing is shown for parts that are absent. The notice
// that the library held nothing about the topic is shown in the interface language, with a link
// to add documents to the library.
import { useId, type ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { generatedExtras } from '~/lib/ai';
import { isNoMaterialNotice } from '~/lib/library';
import type { AiGeneratedFields } from '~/lib/project-types';
import { titleCaseStatus } from '~/lib/projects';
import { CheckIcon } from '../icons';
import { cx } from '../ui';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId}>
      <h4 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h4>
      <div className="mt-2">{children}</div>
    </section>
  );
}

export function GeneratedDetails({ content }: { content: AiGeneratedFields | null | undefined }) {
  const { t } = useTranslation();
  const extras = generatedExtras(content);
  const hasAny =
    extras.engine ||
    extras.summary ||
    extras.notices.length > 0 ||
    extras.objectives.length > 0 ||
    extras.questions.length > 0 ||
    extras.glossary.length > 0 ||
    extras.modules.length > 0;
  if (!hasAny) return null;

  const option = (group: string, value: string) => t(`aiGenerator.choices.${group}.${value}`, { defaultValue: titleCaseStatus(value) });

  return (
    <div className="space-y-5 rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid="generated-details">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('generated.title')}</h3>
        {extras.engine && (
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-300" data-testid="generated-engine">
            {t('generated.engine', { engine: extras.engine.kind === 'offline' ? t('generated.offline') : extras.engine.model })}
          </span>
        )}
      </div>

      {extras.notices.length > 0 && (
        <Section title={t('generated.notices')} testId="generated-notices">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {extras.notices.map((notice, i) =>
              isNoMaterialNotice(notice) ? (
                <li key={i} data-testid="no-library-material">
                  {t('serverMessages.library.noMaterial')}{' '}
                  <Link to="/library" className="font-medium text-indigo-700 underline hover:text-indigo-600">
                    {t('generated.addToLibrary')}
                  </Link>
                </li>
              ) : (
                <li key={i}>{notice}</li>
              ),
            )}
          </ul>
        </Section>
      )}

      {extras.summary && (
        <Section title={t('generated.summary')} testId="generated-summary">
          <p className="whitespace-pre-line text-sm text-slate-700">{extras.summary}</p>
        </Section>
      )}

      {extras.objectives.length > 0 && (
        <Section title={t('generated.objectives')} testId="generated-objectives">
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            {extras.objectives.map((objective, i) => (
              <li key={i}>{objective}</li>
            ))}
          </ul>
        </Section>
      )}

      {extras.questions.length > 0 && (
        <Section title={t('generated.questions')} testId="generated-questions">
          <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
            {extras.questions.map((question, i) => (
              <li key={question.id || i} data-testid="generated-question">
                <p className="font-medium text-slate-900">{question.prompt}</p>
                <p className="text-xs text-slate-500">
                  {t('generated.questionMeta', { type: option('assessmentType', question.type), difficulty: option('level', question.difficulty) })}
                </p>
                <ul className="mt-2 space-y-1">
                  {question.options.map((o, j) => (
                    <li
                      key={o.id || j}
                      data-correct={o.is_correct ? 'true' : undefined}
                      className={cx(
                        'flex items-start gap-2 rounded-md px-2 py-1',
                        o.is_correct ? 'bg-green-50 font-medium text-green-800 ring-1 ring-inset ring-green-600/20' : 'bg-white ring-1 ring-inset ring-slate-200',
                      )}
                    >
                      {o.is_correct ? <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-green-600" /> : <span className="w-4 shrink-0" aria-hidden="true" />}
                      <span>
                        {o.text}
                        {o.is_correct && <span className="sr-only"> ({t('generated.correct')})</span>}
                      </span>
                    </li>
                  ))}
                </ul>
                {question.explanation && <p className="mt-2 text-xs text-slate-600">{t('generated.explanation', { text: question.explanation })}</p>}
                {question.source && <p className="mt-1 text-xs italic text-slate-500">{t('generated.source', { text: question.source })}</p>}
              </li>
            ))}
          </ol>
        </Section>
      )}

      {extras.glossary.length > 0 && (
        <Section title={t('generated.glossary')} testId="generated-glossary">
          <dl className="space-y-2 text-sm">
            {extras.glossary.map((entry, i) => (
              <div key={i}>
                <dt className="font-medium text-slate-900">{entry.term}</dt>
                <dd className="text-slate-700">{entry.definition}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}

      {extras.modules.length > 0 && (
        <Section title={t('generated.modules')} testId="generated-modules">
          <ol className="space-y-3 text-sm">
            {extras.modules.map((module, i) => (
              <li key={i} className="rounded-md bg-white p-3 ring-1 ring-inset ring-slate-200">
                <p className="font-medium text-slate-900">{t('generated.module', { number: module.number ?? i + 1, title: module.title })}</p>
                <p className="text-xs text-slate-500">
                  {option('level', module.level)}
                  {typeof module.estimated_minutes === 'number' && ` · ${t('generated.moduleMinutes', { count: module.estimated_minutes })}`}
                </p>
                {module.objectives?.length > 0 && (
                  <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-700">
                    {module.objectives.map((o, j) => (
                      <li key={j}>{o}</li>
                    ))}
                  </ul>
                )}
                {module.topics?.length > 0 && (
                  <p className="mt-2 text-xs text-slate-600">{t('generated.topics', { list: module.topics.join(', ') })}</p>
                )}
                {module.prerequisites?.length > 0 && (
                  <p className="mt-1 text-xs text-slate-600">{t('generated.prerequisites', { list: module.prerequisites.join(', ') })}</p>
                )}
                {module.practice && <p className="mt-1 text-xs text-slate-600">{t('generated.practice', { text: module.practice })}</p>}
              </li>
            ))}
          </ol>
        </Section>
      )}
    </div>
  );
}
