// A project's read-only share link: create (or return) it, revoke it, and the public page it opens
// (with where the page reports its readers to the learning record store).
import { Type } from 'typebox';
import { learnerText } from '@trainwright/formats';
import { shareLinkId } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { ErrorBody, Str, errorResponses } from '../../schemas/common.js';
import { brandingJson } from '../../schemas/mappers.js';
import { LearnerTrackingJson, learnerTrackingJson } from '../../schemas/learner-tracking.js';
import { Branding, IdParams } from '../../schemas/projects.js';
import { shareLimit } from '../../lib/share-limit.js';
import { signedIn } from '../../lib/signed-in.js';

export const TokenParams = Type.Object({ token: Str(100) });

const SharedProject = Type.Object({
  title: Type.String(),
  description: Type.String(),
  project_type: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
  company_name: Type.String(),
  branding: Branding,
  slide_content: Type.String(),
  script: Type.String(),
  font_style: Type.String(),
  image_style: Type.String(),
  /** Where the page reports its readers (docs/analytics.md, "Senders"); null when the company's plan has no analytics. */
  tracking: LearnerTrackingJson,
});

export function shareLinkRoutes({ app, clients, config }: GatewayContext) {
  app.post(
    '/api/projects/:id/share',
    {
      schema: {
        tags: ['projects'],
        summary: 'Create (or return) the read-only share link',
        params: IdParams,
        response: { 200: Type.Object({ token: Type.String(), url: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const link = await clients.project.createShareLink({ userId, projectId: id }, call);
      return { token: link.token, url: `${config.PUBLIC_WEB_URL.replace(/\/$/, '')}/shared/${link.token}` };
    },
  );

  app.delete(
    '/api/projects/:id/share',
    { schema: { tags: ['projects'], summary: 'Revoke the share link', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      await clients.project.revokeShareLink({ userId, projectId: id }, call);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/shared/:token',
    {
      config: { public: true, rateLimit: shareLimit(config) },
      schema: { tags: ['projects'], summary: 'A shared project, read-only', params: TokenParams, response: { 200: SharedProject, 404: ErrorBody, 503: ErrorBody } },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const p = await clients.project.getSharedProject({ token }, { requestId: request.id });
      void reply.header('cache-control', 'no-store');
      // The link is named by its token's hash (the token goes no further). The page does not fail
      // for want of tracking: it is shown without it (logged).
      const tracking = await clients.scorm.getShareLinkTracking({ projectId: p.projectId, shareLinkId: shareLinkId(token) }, { requestId: request.id }).then(
        (t) => learnerTrackingJson(t.tracking),
        (err: unknown) => {
          request.log.warn({ err }, 'share link tracking unavailable');
          return null;
        },
      );
      // Learners' text only, as it is now: no trainer notes, and the narration of the current slides.
      const text = learnerText(p.slideContent, p.script);
      return {
        title: p.title,
        description: p.description,
        project_type: p.projectType,
        status: p.status,
        created_at: p.createdAt,
        company_name: p.companyName,
        branding: brandingJson(p.branding, `/api/shared/${encodeURIComponent(token)}/logo`),
        slide_content: text.slideContent,
        script: text.script,
        font_style: p.fontStyle,
        image_style: p.imageStyle,
        tracking,
      };
    },
  );
}
