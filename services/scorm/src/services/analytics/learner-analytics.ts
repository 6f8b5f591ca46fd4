// The dashboards' learner analytics (docs/analytics.md, "Metrics"): the company's, or one project's,
// over the last days, from the rollups, by the metrics' rules. Any member of a company whose plan
// has analytics reads them; another company's project is NOT_FOUND.
import { LEARNING_CHANNELS } from '@trainwright/catalogue';
import { Access, AppError, isUuid } from '@trainwright/platform';
import type { LearnerAnalyticsRepository } from '../../repositories/learner-analytics.repository.js';
import type { InteractiveVideoStore } from '../interactive/deps.js';
import type { Memberships, ProjectDirectory } from '../ports.js';
import { answerDistributions, dropOffPoints, recommendations, retentionCurve, type AnswerDistribution, type DropOff, type Recommendation, type Slide } from './metrics.js';

export interface LearnerAnalyticsDeps {
  memberships: Memberships;
  projects: Pick<ProjectDirectory, 'project'>;
  interactive: Pick<InteractiveVideoStore, 'findByProject'>;
  analytics: LearnerAnalyticsRepository;
}

export interface LearnerAnalyticsQuery {
  companyId: string;
  projectId: string;
  days: number;
  language: string;
  channel: string;
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
}

export async function getLearnerAnalytics(deps: LearnerAnalyticsDeps, userId: string, query: LearnerAnalyticsQuery, now = new Date()): Promise<LearnerAnalyticsResult> {
  const access = new Access(deps.memberships);
  let companyId: string;
  let slides: Slide[] = [];
  if (query.projectId) {
    const notFound = 'Project not found';
    if (!isUuid(query.projectId)) throw AppError.notFound(notFound);
    const project = await deps.projects.project(userId, query.projectId);
    companyId = (await access.require({ userId, companyId: project.companyId, action: 'project.read', capability: 'analytics', notFoundMessage: notFound })).companyId;
    // The slides as the video shows them: the interactive video's chapters, where it has them.
    const view = await deps.interactive.findByProject(query.projectId);
    slides = (view?.version.metadata.chapters ?? []).map((c) => ({ title: c.title, start: c.start_time }));
  } else {
    const id = query.companyId || (await deps.memberships.companiesOf(userId)).currentCompanyId;
    companyId = (await access.require({ userId, companyId: id, action: 'company.read', capability: 'analytics', notFoundMessage: 'Company not found' })).companyId;
  }

  // Who may read comes first: a stranger learns nothing, not even which values are refused.
  if (!Number.isInteger(query.days) || query.days < ANALYTICS_DAYS.min || query.days > ANALYTICS_DAYS.max) throw AppError.validation('days', `days must be a whole number from ${ANALYTICS_DAYS.min} to ${ANALYTICS_DAYS.max}`);
  if (query.channel && !(LEARNING_CHANNELS as readonly string[]).includes(query.channel)) throw AppError.validation('channel', `channel must be one of ${LEARNING_CHANNELS.join(', ')}`);
  if (query.language.length > 35) throw AppError.validation('language', 'language must be a language tag');
  const scope = { companyId, projectId: query.projectId || null, since: new Date(now.getTime() - query.days * 86_400_000), language: query.language || null, channel: query.channel || null };
  const [totals, days, languages, channels, projects, answers] = await Promise.all([
    deps.analytics.totals(scope),
    deps.analytics.by(scope, 'day'),
    deps.analytics.by(scope, 'language', 50),
    deps.analytics.by(scope, 'channel', 10),
    query.projectId ? Promise.resolve([]) : deps.analytics.by(scope, 'project_id', 20),
    deps.analytics.answers(scope),
  ]);
  const names = new Map(answers.map((a) => [a.question, a.name]));
  const questions = answerDistributions(answers).map((q) => ({ ...q, name: names.get(q.question) || q.question }));
  let retention: number[] = [];
  let lengthSeconds = 0;
  let dropOffs: DropOff[] = [];
  if (query.projectId && totals.views > 0) {
    const sessions = await deps.analytics.segments(scope);
    lengthSeconds = Math.max(0, ...sessions.map((s) => s.length));
    retention = retentionCurve(sessions, lengthSeconds);
    dropOffs = dropOffPoints(retention, slides);
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
    recommendations: recommendations({ sessions: totals.views, completionRate, dropOffs, questions: questions.map((q) => ({ ...q, question: q.name })) }),
    lengthSeconds,
    retention,
    dropOffs,
  };
}
