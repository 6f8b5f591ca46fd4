// A project's comments as a resource route (no page): the loader reads the threads (and, for the
// mention picker, the company's members); the action makes one change per intent (add, resolve,
// delete). The comments panel (components/comments/CommentsPanel.tsx) loads and posts here with a
// fetcher; a live project.comment_changed makes it load again.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { oneWriteAction, type WriteAnswer } from '~/action-calls.server';
import { cookieHeaders, gateway } from '~/gateway.server';
import type { ActionFailure } from '~/lib/action-failure';
import { commentWrite, commentsPath, isCommentRequest, type CommentRequest, type CommentThread } from '~/lib/comments';
import type { TeamView } from '~/lib/team';

export async function loader(args: LoaderFunctionArgs) {
  const projectId = args.params.projectId ?? '';
  const companyId = new URL(args.request.url).searchParams.get('company') ?? '';
  const threads = await gateway.json<{ threads: CommentThread[] }>(args, `/api${commentsPath(projectId)}`);
  const team = companyId ? await gateway.json<TeamView>(args, `/api/companies/${encodeURIComponent(companyId)}/members`) : null;
  const failure: ActionFailure | null = threads.data ? null : { status: threads.status, body: threads.error };
  return data(
    { threads: threads.data?.threads ?? null, failure, members: team?.data?.members.map((m) => ({ user_id: m.user_id, name: m.name })) ?? [] },
    { headers: cookieHeaders([...threads.setCookie, ...(team?.setCookie ?? [])]) },
  );
}

export type CommentAnswer = WriteAnswer<CommentRequest['intent'], object>;

export const action = (args: ActionFunctionArgs) =>
  oneWriteAction(args, {
    isRequest: isCommentRequest,
    write: commentWrite,
    done: () => ({}),
    invalidIntent: 'add',
  });
