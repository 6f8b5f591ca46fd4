// A shared project (public, read-only, works signed out): GET /api/shared/{token} rendered as
// slides and / or script with the project's branding. A revoked or unknown link is a 404:
// 'This link is no longer available.' The loader reads it for the first HTML. With `tracking`, the
// visit is reported to the learning record store as a reading session (lib/share-tracking.ts).
import { useRef } from 'react';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { parseScript, parseSlideText, type Script, type SlideDeck } from '@trainwright/formats';
import { PublicHeader } from '~/components/PublicHeader';
import { ScriptView, SlideImages, SlidesView } from '~/components/projects/ContentView';
import { previewSlidesBase } from '~/lib/preview';
import { StatusBadge } from '~/components/projects/ProjectCard';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { ErrorBox, Spinner } from '~/components/ui';
import { cookieHeaders, gateway } from '~/gateway.server';
import { get } from '~/lib/api';
import { errorText } from '~/lib/errors';
import { formatDate } from '~/lib/format';
import type { LearnerTracking } from '~/lib/interactive-video';
import type { Branding } from '~/lib/project-types';
import { useReadingSession } from '~/lib/share-tracking';
import { useDisplayTimeZone, usePublicLink } from '~/lib/server-data';

export const meta: MetaFunction = () => [{ title: 'Shared training · Trainwright' }, { name: 'robots', content: 'noindex' }];

export interface SharedProject {
  title: string;
  description: string;
  project_type: string;
  status: string;
  created_at: string;
  company_name: string | null;
  branding: Branding | null;
  /** docs/api.md: the slides as a SlideDeck. */
  slides?: SlideDeck | string | null;
  /** What the server sends today: the slides in the slide text format. */
  slide_content?: string | null;
  script: Script | string | null;
  font_style?: string;
  image_style?: string;
  /** Where the page reports its readers; null when the company's plan has no analytics. */
  tracking?: LearnerTracking | null;
}

// Public: read with or without a session. An unknown or revoked link answers 404 here too.
export async function loader(args: LoaderFunctionArgs) {
  const token = args.params.token ?? '';
  const shared = await gateway.json<SharedProject>(args, `/api/shared/${encodeURIComponent(token)}`, { anonymous: true });
  const headers = cookieHeaders(shared.setCookie);
  if (shared.status === 404) return data({ project: null, gone: true }, { status: 404, headers });
  return data({ project: shared.data, gone: false }, { headers });
}

/** The deck, whichever way it is sent: a SlideDeck, or slide text in `slides` or `slide_content`. */
function deckOf(project: SharedProject): SlideDeck | null {
  const value = project.slides ?? project.slide_content ?? null;
  const deck = typeof value === 'string' ? (value.trim() ? parseSlideText(value) : null) : value;
  return deck && Array.isArray(deck.slides) && deck.slides.length > 0 ? deck : null;
}

function scriptOf(value: SharedProject['script']): Script | null {
  if (!value) return null;
  if (typeof value === 'string') return value.trim() ? parseScript(value) : null;
  return Array.isArray(value.blocks) && value.blocks.length > 0 ? value : null;
}

const fetchShared = (token: string, signal?: AbortSignal) => get<SharedProject>(`/shared/${encodeURIComponent(token)}`, signal);

export default function SharedProjectPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const initial = useLoaderData<typeof loader>();
  const { value: project, gone, error, retry } = usePublicLink(token, fetchShared, { value: initial.project, gone: initial.gone });
  const timeZone = useDisplayTimeZone();
  const contentEnd = useRef<HTMLDivElement>(null);
  useReadingSession(project?.tracking, project?.title ?? '', contentEnd);

  const look = {
    fontStyle: project?.font_style || 'modern',
    imageStyle: project?.image_style || 'professional',
    branding: project?.branding ?? null,
  };
  const deck = project ? deckOf(project) : null;
  const script = project ? scriptOf(project.script) : null;

  return (
    <div className="min-h-full bg-slate-50">
      <PublicHeader width="max-w-4xl" />
      <main className="mx-auto max-w-4xl px-4 py-8">
        {gone ? (
          <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="shared-gone">
            <h1 className="text-xl font-semibold text-slate-900">{t('shared.gone')}</h1>
            <p className="mt-2 text-sm text-slate-600">{t('shared.goneText')}</p>
          </div>
        ) : error != null ? (
          <ErrorBox onRetry={retry} retryLabel={t('common.retry')}>
            {t('shared.loadFailed')} {errorText(error, t)}
          </ErrorBox>
        ) : !project ? (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner className="h-4 w-4 text-indigo-600" /> {t('common.loading')}
          </p>
        ) : (
          <article className="space-y-6">
            <header>
              <p className="text-sm font-medium text-indigo-600">{project.branding?.company_name || project.company_name || t('shared.sharedTraining')}</p>
              <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{project.title}</h1>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <StatusBadge status={project.status} />
                <span>{t(`options.projectType.${project.project_type}`, { defaultValue: project.project_type })}</span>
                <span>·</span>
                <span>{t('projects.card.createdOn', { date: formatDate(project.created_at, i18n.language, timeZone) })}</span>
              </div>
              {project.description && <p className="mt-3 whitespace-pre-line text-slate-700">{project.description}</p>}
            </header>
            {deck && (
              <section aria-labelledby="shared-slides">
                <h2 id="shared-slides" className="mb-3 text-lg font-semibold text-slate-900">
                  {t('shared.slides')}
                </h2>
                {/* As the downloads draw them; the slides drawn here if the images cannot be had. */}
                <SlideImages base={previewSlidesBase({ shareToken: token })} version="" firstTitle={project.title} fallback={<SlidesView deck={deck} look={look} />} />
              </section>
            )}
            {script && (
              <section aria-labelledby="shared-script">
                <h2 id="shared-script" className="mb-3 text-lg font-semibold text-slate-900">
                  {t('shared.script')}
                </h2>
                <ScriptView script={script} look={look} />
              </section>
            )}
            {/* The end of the content (the script narrates every slide, so it comes last): seen, it is read. */}
            {(deck || script) && <div ref={contentEnd} className="h-px" aria-hidden="true" data-testid="shared-content-end" />}
            {!deck && !script && <p className="text-sm text-slate-600">{t('shared.noContent')}</p>}
            <p className="border-t border-slate-200 pt-4 text-xs text-slate-500">{t('shared.readOnly')}</p>
          </article>
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
