// The education centre (part 2 section 2, docs/education.md): Training Videos (7) and Manuals (6)
// that our own exporter rendered from our own courses, Best Practices and an FAQ. The loader reads
// GET /api/education; while the library is being prepared the page reads it again every few
// seconds and shows the render's real progress.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@trainwright/catalogue';
import { BookIcon, DownloadIcon, PlayIcon } from '~/components/icons';
import { FaqList } from '~/components/FaqList';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { Badge, Card, ErrorBox, LoadingLine, PageHeader, TabPanel, Tabs } from '~/components/ui';
import { cookieHeaders, gateway } from '~/gateway.server';
import { educationTexts } from '~/i18n/education';
import { courseText, downloadUrl, durationText, EDUCATION_TABS, fileOf, isEducationTab, type EducationCourse, type EducationLibrary, type EducationTab } from '~/lib/education';
import { storedFailureText } from '~/lib/errors';
import { languageName } from '~/lib/language-names';
import { useLoaderState } from '~/lib/server-data';

export const meta: MetaFunction = () => [{ title: 'Education Center · Trainwright' }];

/** How often the page reads the library again while it is being prepared. */
const PREPARING_REFRESH_MS = 3000;

export async function loader(args: LoaderFunctionArgs) {
  const library = await gateway.json<EducationLibrary>(args, '/api/education');
  return data({ library: library.data ?? null }, { headers: cookieHeaders(library.setCookie) });
}

export default function EducationCenter() {
  const { t } = useTranslation();
  const { data: loaded, settled, reload } = useLoaderState(useLoaderData<typeof loader>());
  const library = loaded.library;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: EducationTab = isEducationTab(requested) ? requested : 'videos';
  const preparing = library?.status === 'preparing';

  // Read again every few seconds while preparing, whether or not the last reading moved (the
  // courses wait behind users' renders on the render queue).
  const latestReload = useRef(reload);
  latestReload.current = reload;
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => latestReload.current(), PREPARING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [preparing]);

  const courses = library?.courses ?? [];
  const labels: Record<EducationTab, string> = {
    videos: t('education.tabs.videos', { count: courses.filter((c) => c.has_video).length }),
    manuals: t('education.tabs.manuals', { count: courses.filter((c) => c.has_manual).length }),
    practices: t('education.tabs.practices'),
    faq: t('education.tabs.faq'),
  };

  return (
    <>
      <PageHeader title={t('education.title')} subtitle={t('education.subtitle')} />
      {library === null ? (
        settled ? (
          <ErrorBox onRetry={reload} retryLabel={t('common.retry')}>
            {t('education.loadFailed')}
          </ErrorBox>
        ) : (
          <LoadingLine />
        )
      ) : (
        <div className="space-y-4">
          <LibraryState library={library} />
          <Tabs
            idBase="education"
            label={t('education.title')}
            tabs={EDUCATION_TABS.map((key) => ({ key, label: labels[key] }))}
            value={tab}
            onChange={(key) => setParams(key === 'videos' ? {} : { tab: key }, { replace: true, preventScrollReset: true })}
          />
          <TabPanel idBase="education" tab={tab}>
            {tab === 'videos' && <Videos courses={courses.filter((c) => c.has_video)} />}
            {tab === 'manuals' && <Manuals courses={courses.filter((c) => c.has_manual)} />}
            {tab === 'practices' && <BestPractices />}
            {tab === 'faq' && (
              <div className="pt-4">
                <FaqList testId="education-faq" />
              </div>
            )}
          </TabPanel>
        </div>
      )}
    </>
  );
}

/** The render's progress while the library is prepared, or why it failed. */
function LibraryState({ library }: { library: EducationLibrary }) {
  const { t } = useTranslation();
  if (library.status === 'failed') return <ErrorBox>{storedFailureText(library, t) ?? t('education.failed')}</ErrorBox>;
  if (library.status !== 'preparing') return null;
  return (
    <Card className="p-4">
      <div role="status" data-testid="education-progress">
        <p className="text-sm font-medium text-slate-900">{t('education.preparing', { percent: library.progress })}</p>
        <p className="mt-1 text-sm text-slate-600">{t('education.preparingText')}</p>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={library.progress} aria-label={t('education.progressLabel')}>
          <div className="h-full rounded-full bg-indigo-600 transition-all" style={{ width: `${library.progress}%` }} />
        </div>
      </div>
    </Card>
  );
}

function CourseHeading({ course }: { course: EducationCourse }) {
  const { t, i18n } = useTranslation();
  const { title, summary } = courseText(t, course);
  return (
    <div>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {summary && <p className="mt-1 text-sm text-slate-600">{summary}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        <Badge>{t('education.inLanguage', { language: languageName(course.language, i18n.language) })}</Badge>
        <Badge>{t('education.slides', { count: course.slide_count })}</Badge>
      </div>
    </div>
  );
}

function NotReady() {
  const { t } = useTranslation();
  return <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">{t('education.notReady')}</p>;
}

function Videos({ courses }: { courses: EducationCourse[] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-4 pt-4 md:grid-cols-2" data-testid="education-videos">
      {courses.map((course) => {
        const video = fileOf(course, 'mp4');
        const subtitles = fileOf(course, 'vtt');
        const { title } = courseText(t, course);
        return (
          <Card key={course.slug} className="space-y-3 p-4">
            <article aria-label={title} data-testid={`education-video-${course.slug}`} className="space-y-3">
              <CourseHeading course={course} />
              {video ? (
                <>
                  <video controls preload="metadata" className="aspect-video w-full rounded-md bg-black" src={video.url} aria-label={t('education.videoLabel', { title })}>
                    {subtitles && <track kind="subtitles" src={subtitles.url} srcLang={course.language} label={languageName(course.language, i18n.language)} default />}
                  </video>
                  <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
                    <span className="inline-flex items-center gap-1">
                      <PlayIcon className="h-4 w-4" />
                      {durationText(course.duration_seconds)}
                    </span>
                    <a className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline" href={downloadUrl(video)} download>
                      <DownloadIcon className="h-4 w-4" />
                      {t('education.downloadVideo', { size: formatBytes(video.size) })}
                    </a>
                    {subtitles && (
                      <a className="font-medium text-indigo-700 hover:underline" href={downloadUrl(subtitles)} download>
                        {t('education.downloadSubtitles')}
                      </a>
                    )}
                  </div>
                </>
              ) : (
                <NotReady />
              )}
            </article>
          </Card>
        );
      })}
    </div>
  );
}

function Manuals({ courses }: { courses: EducationCourse[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 pt-4 md:grid-cols-2" data-testid="education-manuals">
      {courses.map((course) => {
        const pdf = fileOf(course, 'pdf');
        const docx = fileOf(course, 'docx');
        const { title } = courseText(t, course);
        return (
          <Card key={course.slug} className="p-4">
            <article aria-label={title} data-testid={`education-manual-${course.slug}`} className="space-y-3">
              <div className="flex gap-3">
                <BookIcon className="mt-1 h-6 w-6 shrink-0 text-indigo-600" />
                <CourseHeading course={course} />
              </div>
              {pdf || docx ? (
                <div className="flex flex-wrap gap-2">
                  {pdf && (
                    <a className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50" href={downloadUrl(pdf)} download>
                      <DownloadIcon className="h-4 w-4" />
                      {t('education.downloadPdf', { size: formatBytes(pdf.size) })}
                    </a>
                  )}
                  {docx && (
                    <a className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50" href={downloadUrl(docx)} download>
                      <DownloadIcon className="h-4 w-4" />
                      {t('education.downloadDocx', { size: formatBytes(docx.size) })}
                    </a>
                  )}
                </div>
              ) : (
                <NotReady />
              )}
            </article>
          </Card>
        );
      })}
    </div>
  );
}

function BestPractices() {
  const { i18n } = useTranslation();
  const { bestPractices } = educationTexts(i18n.language);
  return (
    <div className="grid gap-4 pt-4 md:grid-cols-2" data-testid="education-practices">
      {bestPractices.map((practice) => (
        <Card key={practice.id} className="p-4">
          <h2 className="text-base font-semibold text-slate-900">{practice.title}</h2>
          <p className="mt-1 text-sm text-slate-700">{practice.text}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {practice.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
