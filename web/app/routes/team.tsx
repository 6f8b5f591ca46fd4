// Team: the current company's members and, for its Owner, the invitations, seats, roles, removal
// and the ownership transfer (docs/teams.md). The loader reads the team (the user's current company
// from GET /api/auth/me, then GET /api/companies/{id}/members); each change is one of the action's
// intents, after which Remix reads the loader again.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/RouteErrorBoundary';
import { TeamManager } from '~/components/team/TeamManager';
import { PageHeader } from '~/components/ui';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import { useSignedInUser } from '~/lib/auth';
import { useLoaderState } from '~/lib/server-data';
import { isTeamRequest, teamWrite, type InvitationLink, type TeamRequest, type TeamView } from '~/lib/team';
import type { User } from '~/lib/types';

export const meta: MetaFunction = () => [{ title: 'Team · Trainwright' }];

export async function loader(args: LoaderFunctionArgs) {
  const me = await gateway.json<User>(args, '/api/auth/me');
  const companyId = me.data?.currentCompanyId;
  const team = companyId ? await gateway.json<TeamView>(args, `/api/companies/${encodeURIComponent(companyId)}/members`) : null;
  return data({ team: team?.data ?? null }, { headers: cookieHeaders([...me.setCookie, ...(team?.setCookie ?? [])]) });
}

/** The action's answer: an invitation's link (invite, resend), or the gateway's refusal. */
export type TeamAnswer = WriteAnswer<TeamRequest['intent'], { link: InvitationLink | null }>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isTeamRequest,
    write: teamWrite,
    done: (saved: unknown, request): { link: InvitationLink | null } => ({ link: request.intent === 'invite' || request.intent === 'resend' ? (saved as InvitationLink) : null }),
    invalidIntent: 'invite',
  });

export default function TeamPage() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const { data: loaded, settled, reload } = useLoaderState(useLoaderData<typeof loader>());
  return (
    <>
      <PageHeader title={t('team.title')} subtitle={t('team.subtitle', { company: user.company })} />
      <TeamManager team={loaded.team} settled={settled} onRetry={reload} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
