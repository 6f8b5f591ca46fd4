// The live feed behind /api/events: replica-local consumers of `project.*`, media-render's
// `video.status_changed`, the translation service's `translation.*` and the scorm service's
// `scorm.*` and `interactive_video.*` and media-render's `video_job.changed` fan out to the open connections whose user may read the
// event's company's projects (the access check on the platform's memberships, kept and dropped on
// auth's events); auth's `member.*` makes a member's open connections read their companies again. Started with the app (app.projectEvents) and closed with it.
import fp from 'fastify-plugin';
import { Access, type AuthMemberships, type EventBus } from '@trainwright/platform';
import { CommentChanged, CompanyMembersChanged, InteractiveVideoChanged, PackageChanged, ProjectChanged, ProjectStatusChanged, TranslationChanged, VideoJobChanged, VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { errorMessageJson } from '../schemas/common.js';

interface Listener {
  userId: string;
  companyIds: Set<string>;
  send(event: string, data: unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    projectEvents: ProjectEventHub;
  }
}

const COMPANIES_REFRESH_MS = 60_000;

export class ProjectEventHub {
  private readonly listeners = new Set<Listener>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly memberships: AuthMemberships) {}

  /** `memberships` is the gateway's one cache of memberships, following member.* (app.ts). */
  static async start(bus: EventBus, memberships: AuthMemberships): Promise<ProjectEventHub> {
    const hub = new ProjectEventHub(memberships);
    await bus.subscribeFrom(new Date(), 'project.*', async (event) => {
      if (event.subject === 'project.status_changed') {
        const e = ProjectStatusChanged.decode(event.data);
        hub.publish(e.companyId, 'project.status_changed', { project_id: e.projectId, status: e.status, progress: e.progress, error: e.error || null, ...errorMessageJson(e.errorMessage) });
      } else if (event.subject === 'project.comment_changed') {
        const e = CommentChanged.decode(event.data);
        hub.publish(e.companyId, event.subject, { project_id: e.projectId, comment_id: e.commentId, thread_id: e.threadId || null, change: e.change });
      } else {
        const e = ProjectChanged.decode(event.data);
        hub.publish(e.companyId, event.subject, { project_id: e.projectId });
      }
    });
    // The pay-per-use video's state, carried whole: a card shows it without asking again.
    await bus.subscribeFrom(new Date(), 'video.status_changed', async (event) => {
      const e = VideoStatusChanged.decode(event.data);
      hub.publish(e.companyId, 'video.status_changed', { project_id: e.projectId, video_status: e.status, video_progress: e.percent, content_version: e.contentVersion, language: e.language, error: e.error || null, ...errorMessageJson(e.errorMessage) });
    });
    // A translation's progress per language, its completion, failure or deletion.
    await bus.subscribeFrom(new Date(), 'translation.*', async (event) => {
      const e = TranslationChanged.decode(event.data);
      hub.publish(e.companyId, event.subject, { project_id: e.projectId, language: e.language, status: e.status, progress: e.progress, version: e.version, engine: e.engine, error: e.error || null, ...errorMessageJson(e.errorMessage) });
    });
    // A package's build progress, its readiness or failure.
    await bus.subscribeFrom(new Date(), 'scorm.*', async (event) => {
      const e = PackageChanged.decode(event.data);
      hub.publish(e.companyId, event.subject, { package_id: e.packageId, project_id: e.projectId, status: e.status, progress: e.progress, error: e.error || null, ...errorMessageJson(e.errorMessage) });
    });
    // A member joined, changed role or left: their open streams follow at once (a removed member
    // hears nothing more of the company), not at the next refresh.
    await bus.subscribeFrom(new Date(), 'member.*', async (event) => {
      const { userId } = CompanyMembersChanged.decode(event.data);
      await hub.refresh(userId);
    });
    // An interactive video's preparation: its progress, its readiness (published) or failure.
    await bus.subscribeFrom(new Date(), 'interactive_video.*', async (event) => {
      const e = InteractiveVideoChanged.decode(event.data);
      hub.publish(e.companyId, event.subject, { interactive_video_id: e.interactiveVideoId, project_id: e.projectId, version: e.version, status: e.status, progress: e.progress, error: e.error || null, ...errorMessageJson(e.errorMessage) });
    });
    // A video-processing job: queued, its progress, its end (GET /api/video/jobs/{id} has the result).
    await bus.subscribeFrom(new Date(), 'video_job.changed', async (event) => {
      const e = VideoJobChanged.decode(event.data);
      hub.publish(e.companyId, event.subject, { job_id: e.jobId, operation: e.operation, status: e.status, progress: e.progress, stage: e.stage, error: e.error || null, ...errorMessageJson(e.errorMessage) });
    });
    return hub;
  }

  private publish(companyId: string, event: string, data: unknown): void {
    for (const listener of this.listeners) if (listener.companyIds.has(companyId)) listener.send(event, data);
  }

  /** The companies whose project events the user may see (`fresh`: asked of auth, not kept). */
  async companiesOf(userId: string, fresh = false): Promise<Set<string>> {
    const { companies } = await this.memberships.companiesOf(userId, { fresh });
    return new Set(Access.among(companies, 'project.read').map((c) => c.companyId));
  }

  /** The user's open streams read their companies again, from auth (after a change of their memberships). */
  async refresh(userId: string): Promise<void> {
    const mine = [...this.listeners].filter((l) => l.userId === userId);
    if (mine.length === 0) return;
    const ids = await this.companiesOf(userId, true);
    for (const listener of mine) listener.companyIds = ids;
  }

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    // Joining or leaving a company changes what the user may see.
    const refresh = setInterval(() => {
      this.companiesOf(listener.userId).then(
        (ids) => (listener.companyIds = ids),
        () => undefined,
      );
    }, COMPANIES_REFRESH_MS);
    this.timers.add(refresh);
    return () => {
      clearInterval(refresh);
      this.timers.delete(refresh);
      this.listeners.delete(listener);
    };
  }

  close(): void {
    for (const t of this.timers) clearInterval(t);
    this.listeners.clear();
  }
}

export const eventHub = fp<{ bus: EventBus; memberships: AuthMemberships }>(
  async (app, { bus, memberships }) => {
    const hub = await ProjectEventHub.start(bus, memberships);
    app.decorate('projectEvents', hub);
    app.addHook('onClose', async () => hub.close());
  },
  { name: 'event-hub' },
);
