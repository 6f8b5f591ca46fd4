// A project's comment threads (docs/teams.md), in the preview dialog: each thread with where it
// sits (the project, a slide, a moment of the video), its replies and whether it is resolved. A
// Commenter and up starts a thread (mentioning members), replies, resolves and reopens; the author
// deletes their own comment. Bodies are shown as text, never as HTML. The threads come from the
// comments route's loader and every change is a post to its action; a live project.comment_changed
// (anyone's) loads them again.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { CommentAnchorKind } from '@trainwright/catalogue';
import { failureError } from '~/lib/action-failure';
import { useSignedInUser } from '~/lib/auth';
import { anchorLabel, canComment, parseMoment, type CommentRequest, type CommentThread, type ProjectComment } from '~/lib/comments';
import { errorText } from '~/lib/errors';
import { formatDate } from '~/lib/format';
import { useActionAnswer } from '~/lib/server-data';
import { useProjectEvents } from '~/lib/useProjects';
import type { CommentAnswer, loader } from '~/routes/comments.$projectId';
import { Badge, Button, ErrorBox, Field, LoadingLine, Spinner, inputClass } from '../ui';
import { selectClass } from '../projects/ProjectFormFields';

function CommentBody({ comment, members }: { comment: ProjectComment; members: Map<string, string> }) {
  const { t, i18n } = useTranslation();
  const mentioned = comment.mentions.map((id) => members.get(id)).filter((n): n is string => !!n);
  return (
    <div>
      <p className="text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{comment.author_name || t('comments.formerMember')}</span> · {formatDate(comment.created_at, i18n.language)}
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{comment.body}</p>
      {mentioned.length > 0 && <p className="mt-1 text-xs text-indigo-700">{t('comments.mentions', { names: mentioned.map((n) => `@${n}`).join(', ') })}</p>}
    </div>
  );
}

function NewThreadForm({
  slides,
  hasVideo,
  members,
  busy,
  onSubmit,
}: {
  slides: number;
  hasVideo: boolean;
  members: Array<{ user_id: string; name: string }>;
  busy: boolean;
  onSubmit: (request: { body: string; anchor: { kind: CommentAnchorKind; slide?: number; seconds?: number }; mentions: string[] }) => boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  const [kind, setKind] = useState<CommentAnchorKind>('project');
  const [slide, setSlide] = useState(1);
  const [moment, setMoment] = useState('0:00');
  const [mentions, setMentions] = useState<string[]>([]);
  const [momentError, setMomentError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const seconds = kind === 'video' ? parseMoment(moment) : null;
    if (kind === 'video' && seconds === null) {
      setMomentError(t('comments.momentInvalid'));
      return;
    }
    setMomentError(undefined);
    const anchor = kind === 'slide' ? { kind, slide } : kind === 'video' ? { kind, seconds: seconds! } : { kind };
    if (onSubmit({ body, anchor, mentions })) {
      setBody('');
      setMentions([]);
    }
  };
  const names = new Map(members.map((m) => [m.user_id, m.name]));
  return (
    <form noValidate onSubmit={submit} aria-label={t('comments.newThread')} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <Field id={`${id}-body`} label={t('comments.comment')}>
        <textarea id={`${id}-body`} rows={3} value={body} onChange={(e) => setBody(e.target.value)} className={inputClass} />
      </Field>
      <div className="flex flex-wrap items-end gap-3">
        <Field id={`${id}-where`} label={t('comments.where')}>
          <select id={`${id}-where`} value={kind} onChange={(e) => setKind(e.target.value as CommentAnchorKind)} className={selectClass}>
            <option value="project">{t('comments.onProject')}</option>
            {slides > 0 && <option value="slide">{t('comments.aSlide')}</option>}
            {hasVideo && <option value="video">{t('comments.aMoment')}</option>}
          </select>
        </Field>
        {kind === 'slide' && (
          <Field id={`${id}-slide`} label={t('comments.slide')}>
            <select id={`${id}-slide`} value={slide} onChange={(e) => setSlide(Number(e.target.value))} className={selectClass}>
              {Array.from({ length: slides }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
          </Field>
        )}
        {kind === 'video' && (
          <Field id={`${id}-moment`} label={t('comments.moment')} hint={t('comments.momentHint')} error={momentError}>
            <input id={`${id}-moment`} value={moment} onChange={(e) => setMoment(e.target.value)} className={`${inputClass} w-24`} inputMode="numeric" />
          </Field>
        )}
        {members.length > 0 && (
          <Field id={`${id}-mention`} label={t('comments.mention')}>
            <select
              id={`${id}-mention`}
              value=""
              onChange={(e) => e.target.value && setMentions((m) => (m.includes(e.target.value) ? m : [...m, e.target.value]))}
              className={selectClass}
            >
              <option value="">{t('comments.chooseMember')}</option>
              {members.map((m) => (
                <option key={m.user_id} value={m.user_id}>
                  {m.name}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>
      {mentions.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('comments.mentioned')}>
          {mentions.map((userId) => (
            <li key={userId}>
              <button type="button" className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs text-indigo-800" onClick={() => setMentions((m) => m.filter((x) => x !== userId))} aria-label={t('comments.unmention', { name: names.get(userId) ?? '' })}>
                @{names.get(userId)} ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" size="sm" disabled={busy}>
        {busy && <Spinner />}
        {t('comments.post')}
      </Button>
    </form>
  );
}

function ReplyForm({ name, busy, onReply }: { name: string; busy: boolean; onReply: (body: string) => boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  return (
    <form
      noValidate
      className="mt-2 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && onReply(body)) setBody('');
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('comments.replyTo', { name })}
      </label>
      <input id={id} value={body} onChange={(e) => setBody(e.target.value)} placeholder={t('comments.replyPlaceholder')} className={inputClass} />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {t('comments.reply')}
      </Button>
    </form>
  );
}

/** `slides`: the deck's slide count (for a slide anchor); `hasVideo`: the project has a narrated video. */
export function CommentsPanel({ projectId, slides, hasVideo }: { projectId: string; slides: number; hasVideo: boolean }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const reader = useFetcher<typeof loader>();
  const writer = useFetcher<CommentAnswer>();
  const [error, setError] = useState<string | null>(null);
  const [showResolved, setShowResolved] = useState(false);
  const source = `/comments/${encodeURIComponent(projectId)}?company=${encodeURIComponent(user.currentCompanyId ?? '')}`;
  const load = () => reader.load(source);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(load, [source]);
  useProjectEvents({ onStatusChanged: () => undefined, onListChanged: () => undefined, onCommentChanged: (e) => e.project_id === projectId && load() });

  const send = (request: CommentRequest): boolean => {
    setError(null);
    if (request.intent === 'add' && !request.body.trim()) {
      setError(t('serverMessages.comments.bodyRequired'));
      return false;
    }
    writer.submit(request as never, { method: 'post', action: `/comments/${encodeURIComponent(projectId)}`, encType: 'application/json' });
    return true;
  };
  useActionAnswer(writer, (answer) => {
    if (!answer.ok) setError(errorText(failureError(answer.failure), t, 'comments.failed'));
    else load();
  });

  const loaded = reader.data;
  const threads: CommentThread[] | null = loaded?.threads ?? null;
  const members = new Map((loaded?.members ?? []).map((m) => [m.user_id, m.name]));
  const writes = canComment(user.role);
  const busy = writer.state !== 'idle';
  const open = threads?.filter((th) => !th.comment.resolved_at) ?? [];
  const resolved = threads?.filter((th) => th.comment.resolved_at) ?? [];
  const shown = showResolved ? [...open, ...resolved] : open;

  return (
    <section aria-labelledby={`comments-${projectId}`} className="space-y-3 border-t border-slate-200 pt-4" data-testid="comments">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`comments-${projectId}`} className="text-sm font-semibold text-slate-900">
          {t('comments.title', { count: open.length })}
        </h3>
        {resolved.length > 0 && (
          <label className="flex items-center gap-2 text-xs text-slate-600">
            <input type="checkbox" checked={showResolved} onChange={(e) => setShowResolved(e.target.checked)} />
            {t('comments.showResolved', { count: resolved.length })}
          </label>
        )}
      </div>
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      {!threads && loaded?.failure ? (
        <ErrorBox onRetry={load} retryLabel={t('common.retry')}>
          {errorText(failureError(loaded.failure), t, 'comments.loadFailed')}
        </ErrorBox>
      ) : !threads ? (
        <LoadingLine />
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">{t('comments.none')}</p>
      ) : (
        <ul className="space-y-3">
          {shown.map(({ comment, replies }) => (
            <li key={comment.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="comment-thread" data-resolved={comment.resolved_at ? 'true' : 'false'}>
              <div className="mb-1 flex flex-wrap items-center gap-2">
                <Badge tone="indigo">{anchorLabel(comment.anchor, t)}</Badge>
                {comment.resolved_at && <Badge tone="green">{t('comments.resolved')}</Badge>}
              </div>
              <CommentBody comment={comment} members={members} />
              {replies.length > 0 && (
                <ul className="mt-2 space-y-2 border-l-2 border-slate-100 pl-3">
                  {replies.map((reply) => (
                    <li key={reply.id} data-testid="comment-reply">
                      <CommentBody comment={reply} members={members} />
                      {reply.author_id === user.id && writes && (
                        <Button size="sm" variant="ghost" className="text-red-700" disabled={busy} onClick={() => send({ intent: 'delete', projectId, commentId: reply.id })}>
                          {t('comments.delete')}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {writes && (
                <>
                  <div className="mt-2 flex flex-wrap gap-1">
                    <Button size="sm" variant="ghost" disabled={busy} onClick={() => send({ intent: 'resolve', projectId, commentId: comment.id, resolved: !comment.resolved_at })}>
                      {comment.resolved_at ? t('comments.reopen') : t('comments.resolve')}
                    </Button>
                    {comment.author_id === user.id && (
                      <Button size="sm" variant="ghost" className="text-red-700" disabled={busy} onClick={() => send({ intent: 'delete', projectId, commentId: comment.id })}>
                        {t('comments.delete')}
                      </Button>
                    )}
                  </div>
                  {!comment.resolved_at && <ReplyForm name={comment.author_name} busy={busy} onReply={(body) => send({ intent: 'add', projectId, body, anchor: { kind: 'project' }, threadId: comment.id, mentions: [] })} />}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {writes ? (
        <NewThreadForm
          slides={slides}
          hasVideo={hasVideo}
          members={(loaded?.members ?? []).filter((m) => m.user_id !== user.id)}
          busy={busy}
          onSubmit={(r) => send({ intent: 'add', projectId, ...r })}
        />
      ) : (
        <p className="text-xs text-slate-600">{t('comments.readOnly', { role: t(`roles.${user.role}`, { defaultValue: user.role ?? '' }) })}</p>
      )}
    </section>
  );
}
