// The dashboards' learner analytics (docs/analytics.md, "Metrics"): the company's, or one project's,
// over the last days, from the rollups, by the metrics' rules; what is happening now; and the views
// for an export. Any member of a company whose plan has analytics reads them; another company's
// project is NOT_FOUND.
import { LEARNING_CHANNELS } from '@trainwright/catalogue';
import { Access, AppError, isUuid } from '@trainwright/platform';
import type { AnalyticsScope, ExportedView, LearnerAnalyticsRepository, Realtime, Totals } from '../../repositories/learner-analytics.repository.js';
import type { InteractiveVideoStore } from '../interactive/deps.js';
import type { Memberships, ProjectDirectory } from '../ports.js';
import type { FiguresCache } from './figures-cache.js';
import { answerDistributions, dropOffPoints, engagementScore, recommendations, retentionCurve, type AnswerDistribution, type DropOff, type Recommendation, type Slide } from './metrics.js';

export interface LearnerAnalyticsDeps {
  memberships: Memberships;
  projects: Pick<ProjectDirectory, 'project'>;
  interactive: Pick<InteractiveVideoStore, 'findByProject'>;
  analytics: LearnerAnalyticsRepository;
  /** The figures computed for each query, kept while they are the latest (figures-cache.ts). */
  figures: FiguresCache<LearnerAnalyticsResult>;
}

export interface LearnerAnalyticsQuery {
  companyId: string;
  projectId: string;
  days: number;
  language: string;
  channel: string;
  /** The company's: also the worst drop-off point of each of its most viewed projects. */
  projectDropOffs?: boolean;
}

export const ANALYTICS_DAYS = { min: 1, max: 366 } as const;

export interface LearnerAnalyticsResult {
  companyId: string;
  views: number;
  uniqueLearners: number;
  completedViews: number;
  watchSeconds: number;
  averageWatchedRatio: number;
  days: Array<{ key: string; views: number; completed: number }>;
  languages: Array<{ key: string; views: number; completed: number }>;
  channels: Array<{ key: string; views: number; completed: number }>;
  projects: Array<{ key: string; views: number; completed: number }>;
  questions: Array<AnswerDistribution & { name: string }>;
  recommendations: Recommendation[];
  lengthSeconds: number;
  retention: number[];
  dropOffs: DropOff[];
  averageSessionSeconds: number;
  reached: Totals['reached'];
  videoViews: number;
  completedVideoViews: number;
  completionSeconds: Totals['completionSeconds'];
  returningLearners: number;
  answers: number;
  answeredViews: number;
  /** 0-100 (metrics.ts engagementScore). */
  engagementScore: number;
  projectDropOffs: Array<DropOff & { projectId: string }>;
  /** When the figures were computed (they may be a recomputation behind: figures-cache.ts). */
  asOf: Date;
}

/** Projects whose worst drop-off point the company's engagement names. */
const DROP_OFF_PROJECTS = 5;
/** A view is active while its last statement is this recent (the player reports every few seconds). */
export const ACTIVE_SESSION_MS = 5 * 60_000;
/** Views per page of an export. */
export const EXPORT_PAGE = 5000;

/**
 * The company the caller may read learner analytics of (and the project's slides when one is
 * named), through the one access check: a project's with project.read, else the company's (the
 * caller's current one when none is named) with company.read; both need the analytics capability.
 */
async function readable(deps: LearnerAnalyticsDeps, userId: string, companyField: string, projectId: string): Promise<{ companyId: string; slides: Slide[] }> {
  const access = new Access(deps.memberships);
  if (projectId) {
    const notFound = 'Project not found';
    if (!isUuid(projectId)) throw AppError.notFound(notFound);
    const project = await deps.projects.project(userId, projectId);
    const { companyId } = await access.require({ userId, companyId: project.companyId, action: 'project.read', capability: 'analytics', notFoundMessage: notFound });
    return { companyId, slides: await slidesOf(deps, projectId) };
  }
  const id = companyField || (await deps.memberships.companiesOf(userId)).currentCompanyId;
  const { companyId } = await access.require({ userId, companyId: id, action: 'company.read', capability: 'analytics', notFoundMessage: 'Company not found' });
  return { companyId, slides: [] };
}

/** The slides as the video shows them: the interactive video's chapters, where it has them. */
async function slidesOf(deps: LearnerAnalyticsDeps, projectId: string): Promise<Slide[]> {
  const view = await deps.interactive.findByProject(projectId);
  return (view?.version.metadata.chapters ?? []).map((c) => ({ title: c.title, start: c.start_time }));
}

/** The range and filters, checked after access: a stranger learns nothing, not even which values are refused. */
function scopeOf(companyId: string, query: Omit<LearnerAnalyticsQuery, 'companyId' | 'projectDropOffs'>, now: Date): AnalyticsScope {
  if (!Number.isInteger(query.days) || query.days < ANALYTICS_DAYS.min || query.days > ANALYTICS_DAYS.max) throw AppError.validation('days', `days must be a whole number from ${ANALYTICS_DAYS.min} to ${ANALYTICS_DAYS.max}`);
  if (query.channel && !(LEARNING_CHANNELS as readonly string[]).includes(query.channel)) throw AppError.validation('channel', `channel must be one of ${LEARNING_CHANNELS.join(', ')}`);
  if (query.language.length > 35) throw AppError.validation('language', 'language must be a language tag');
  return { companyId, projectId: query.projectId || null, since: new Date(now.getTime() - query.days * 86_400_000), language: query.language || null, channel: query.channel || null };
}

/** A project's retention curve over the scope and its worst drop-off points. */
async function retentionOf(deps: LearnerAnalyticsDeps, scope: AnalyticsScope, slides: Slide[], count = 3) {
  const sessions = await deps.analytics.segments(scope);
  const lengthSeconds = Math.max(0, ...sessions.map((s) => s.length));
  const retention = retentionCurve(sessions, lengthSeconds);
  return { lengthSeconds, retention, dropOffs: dropOffPoints(retention, slides, count) };
}

export async function getLearnerAnalytics(deps: LearnerAnalyticsDeps, userId: string, query: LearnerAnalyticsQuery, now = new Date()): Promise<LearnerAnalyticsResult> {
  const { companyId, slides } = await readable(deps, userId, query.companyId, query.projectId);
  const scope = scopeOf(companyId, query, now);
  // Read before computing: a rollup during the computation leaves these figures a version behind.
  const version = await deps.analytics.version(companyId);
  const key = JSON.stringify([companyId, query.projectId, query.days, query.language, query.channel, Boolean(query.projectDropOffs)]);
  const { value, asOf } = await deps.figures.get(key, version, () => computeLearnerAnalytics(deps, query, scope, slides, now));
  return { ...value, asOf: new Date(asOf) };
}

async function computeLearnerAnalytics(deps: LearnerAnalyticsDeps, query: LearnerAnalyticsQuery, scope: AnalyticsScope, slides: Slide[], now: Date): Promise<LearnerAnalyticsResult> {
  const { companyId } = scope;
  const [totals, days, languages, channels, projects, answers] = await Promise.all([
    deps.analytics.totals(scope),
    deps.analytics.by(scope, 'day'),
    deps.analytics.by(scope, 'language', 50),
    deps.analytics.by(scope, 'channel', 10),
    query.projectId ? Promise.resolve([]) : deps.analytics.by(scope, 'project_id', 100),
    deps.analytics.answers(scope),
  ]);
  const { answers: answerCount, answeredViews } = await deps.analytics.interactions(scope);
  const names = new Map(answers.map((a) => [a.question, a.name]));
  const questions = answerDistributions(answers).map((q) => ({ ...q, name: names.get(q.question) || q.question }));
  const curve = query.projectId && totals.views > 0 ? await retentionOf(deps, scope, slides) : { lengthSeconds: 0, retention: [], dropOffs: [] };
  const projectDropOffs: LearnerAnalyticsResult['projectDropOffs'] = [];
  if (query.projectDropOffs && !query.projectId) {
    for (const p of projects.filter((p) => p.key).slice(0, DROP_OFF_PROJECTS)) {
      const worst = (await retentionOf(deps, { ...scope, projectId: p.key }, await slidesOf(deps, p.key), 1)).dropOffs[0];
      if (worst) projectDropOffs.push({ ...worst, projectId: p.key });
    }
    projectDropOffs.sort((a, b) => b.loss - a.loss);
  }
  const completionRate = totals.views > 0 ? totals.completed / totals.views : 0;
  return {
    companyId,
    views: totals.views,
    uniqueLearners: totals.learners,
    completedViews: totals.completed,
    watchSeconds: Math.round(totals.watchSeconds * 10) / 10,
    averageWatchedRatio: Math.round(totals.averageRatio * 10_000) / 10_000,
    days,
    languages,
    channels,
    projects,
    questions,
    recommendations: recommendations({ sessions: totals.views, completionRate, dropOffs: curve.dropOffs, questions: questions.map((q) => ({ ...q, question: q.name })) }),
    ...curve,
    averageSessionSeconds: Math.round(totals.averageSessionSeconds * 10) / 10,
    reached: totals.reached,
    videoViews: totals.videoViews,
    completedVideoViews: totals.completedVideoViews,
    completionSeconds: totals.completionSeconds,
    returningLearners: totals.returningLearners,
    answers: answerCount,
    answeredViews,
    engagementScore: engagementScore({ averageWatchedRatio: totals.averageRatio, completionRate, answeredShare: questions.length > 0 && totals.views > 0 ? answeredViews / totals.views : null }),
    projectDropOffs,
    asOf: now,
  };
}

/** What is happening now in the caller's (or the named) company. */
export async function getLearnerRealtime(deps: LearnerAnalyticsDeps, userId: string, companyField: string, now = new Date()): Promise<Realtime & { companyId: string }> {
  const { companyId } = await readable(deps, userId, companyField, '');
  return { companyId, ...(await deps.analytics.realtime(companyId, now, ACTIVE_SESSION_MS)) };
}

/** One page of the views in the range (oldest first) and the cursor of the next ('' : the last page). */
export async function exportLearnerViews(deps: LearnerAnalyticsDeps, userId: string, query: LearnerAnalyticsQuery, cursor: string, now = new Date()): Promise<{ companyId: string; views: ExportedView[]; next: string }> {
  const { companyId } = await readable(deps, userId, query.companyId, query.projectId);
  const scope = scopeOf(companyId, query, now);
  const after = cursor ? parseCursor(cursor) : null;
  const views = await deps.analytics.views(scope, after, EXPORT_PAGE);
  const last = views[views.length - 1];
  return { companyId, views, next: views.length === EXPORT_PAGE && last ? Buffer.from(JSON.stringify([last.startedAt.toISOString(), last.sessionId])).toString('base64url') : '' };
}

function parseCursor(cursor: string): { startedAt: Date; sessionId: string } {
  try {
    const [at, sessionId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const startedAt = new Date(String(at));
    if (typeof sessionId === 'string' && sessionId.length <= 300 && !Number.isNaN(startedAt.getTime())) return { startedAt, sessionId };
  } catch {
    // refused below
  }
  throw AppError.validation('cursor', 'The export cursor is not one this service gave.');
}
