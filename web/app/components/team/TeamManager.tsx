// The team page's body (routes/team.tsx): seats, the invite form and the link it made, the members
// with their roles, and the pending invitations. The Owner changes roles, removes members, hands
// the company over and resends or revokes invitations; anyone else reads the members and may leave.
// Each change is a post to the route's action; the server decides and its messages are shown by id.
import { useId, useState, type FormEvent } from 'react';
import { useFetcher, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useAuth, useSignedInUser } from '~/lib/auth';
import { failureError } from '~/lib/action-failure';
import { errorText } from '~/lib/errors';
import { formatDate } from '~/lib/format';
import { useActionAnswer } from '~/lib/server-data';
import {
  INVITABLE_ROLES,
  canManageTeam,
  isExpired,
  seatsLeft,
  type InvitationLink,
  type TeamInvitation,
  type TeamMember,
  type TeamRequest,
  type TeamView,
} from '~/lib/team';
import type { TeamAnswer } from '~/routes/team';
import { INTERFACE_LANGUAGES, interfaceLanguageOf, type InterfaceLanguage, type InvitableRole } from '@trainwright/catalogue';
import { UsersIcon } from '../icons';
import { selectClass } from '../projects/ProjectFormFields';
import { useWorkspace } from '../projects/workspace-context';
import { ConfirmDialog } from '../translation/ConfirmDialog';
import { Badge, Button, ButtonLink, DataTable, EmptyState, ErrorBox, Field, LoadingLine, Spinner, inputClass } from '../ui';

type Confirm = { kind: 'remove' | 'transfer' | 'leave'; member: TeamMember } | { kind: 'revoke'; invitation: TeamInvitation };

const LANGUAGE_NAMES: Record<InterfaceLanguage, string> = { en: 'English', es: 'Español', fr: 'Français' };

function InviteForm({ busy, disabled, onInvite }: { busy: boolean; disabled: boolean; onInvite: (email: string, role: InvitableRole, language: InterfaceLanguage) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [language, setLanguage] = useState<InterfaceLanguage>(interfaceLanguageOf(i18n.language));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && !disabled) onInvite(email, role, language);
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('team.inviteTitle')} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{t('team.inviteTitle')}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`${id}-email`} label={t('team.email')}>
          <input id={`${id}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} className={inputClass} />
        </Field>
        <Field id={`${id}-role`} label={t('team.role')} hint={t(`team.roleHints.${role}`)}>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as InvitableRole)} className={selectClass}>
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-language`} label={t('team.emailLanguage')}>
          <select id={`${id}-language`} value={language} onChange={(e) => setLanguage(e.target.value as InterfaceLanguage)} className={selectClass}>
            {INTERFACE_LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Button type="submit" disabled={busy || disabled}>
        {busy && <Spinner />}
        {t('team.sendInvitation')}
      </Button>
    </form>
  );
}

function CopyableLink({ link }: { link: InvitationLink }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(link.invite_url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" role="status" data-testid="invite-link">
      <p>{t('team.invitationSent', { email: link.email })}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input readOnly value={link.invite_url} aria-label={t('team.inviteLink')} className={`${inputClass} min-w-0 flex-1 bg-white font-mono text-xs`} onFocus={(e) => e.target.select()} />
        <Button size="sm" variant="secondary" onClick={copy}>
          {copied ? t('team.copied') : t('team.copyLink')}
        </Button>
      </div>
    </div>
  );
}

/**
 * `team`: the route loader's (null while it reads again after hydration, or when it could not);
 * `settled`: no such reading is under way, so a null team could not be read (`onRetry` reads again).
 */
export function TeamManager({ team, settled, onRetry }: { team: TeamView | null; settled: boolean; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const { user } = useSignedInUser();
  const { refreshUser } = useAuth();
  const { notify } = useWorkspace();
  const navigate = useNavigate();
  const companyId = user.currentCompanyId;
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<InvitationLink | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const fetcher = useFetcher<TeamAnswer>();
  const running = fetcher.state !== 'idle' ? (fetcher.json as TeamRequest | undefined) : undefined;
  const send = (request: TeamRequest) => {
    setError(null);
    fetcher.submit(request as never, { method: 'post', action: '/team', encType: 'application/json' });
  };

  useActionAnswer(fetcher, (answer) => {
    const done = confirm;
    setConfirm(null);
    if (!answer.ok) {
      setError(errorText(failureError(answer.failure), t, 'team.errors.failed'));
      return;
    }
    if (answer.link) setLink(answer.link);
    if (answer.intent === 'invite' || answer.intent === 'resend') notify(t('team.invitationSent', { email: answer.link?.email ?? '' }));
    if (answer.intent === 'revoke') notify(t('team.revoked'));
    if (answer.intent === 'changeRole') notify(t('team.roleChanged'));
    if (answer.intent === 'remove' && done?.kind === 'leave') {
      // They are no longer in the company: the session's current company moved with it.
      void refreshUser().then(() => navigate('/'));
      return;
    }
    if (answer.intent === 'remove') notify(t('team.removed', { name: done && 'member' in done ? done.member.name : '' }));
    if (answer.intent === 'transfer') void refreshUser().then(() => notify(t('team.transferred', { name: done && 'member' in done ? done.member.name : '' })));
  });

  if (!companyId) return <EmptyState icon={<UsersIcon className="h-10 w-10" />} title={t('team.noCompany')} />;
  if (!team && settled) {
    return (
      <ErrorBox onRetry={onRetry} retryLabel={t('common.retry')}>
        {t('team.loadFailed')}
      </ErrorBox>
    );
  }
  if (!team) return <LoadingLine />;

  const manages = canManageTeam(team.role);
  const left = seatsLeft(team.seats);
  const date = (iso: string) => formatDate(iso, i18n.language);
  const busy = (intent: TeamRequest['intent']) => running?.intent === intent;

  return (
    <div className="space-y-6" data-testid="team">
      <p className="text-sm text-slate-700" data-testid="seats">
        {team.seats.limit < 0 ? t('team.seatsUnlimited', { used: team.seats.used }) : t('team.seats', { used: team.seats.used, limit: team.seats.limit })}
      </p>
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      {manages && (
        <>
          {left === 0 && (
            <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="note">
              <span>{t('team.seatsFull', { limit: team.seats.limit })}</span>
              <ButtonLink to="/billing" variant="secondary" size="sm">
                {t('guard.upgrade')}
              </ButtonLink>
            </div>
          )}
          <InviteForm busy={busy('invite')} disabled={left === 0} onInvite={(email, role, language) => send({ intent: 'invite', companyId, email, role, language })} />
          {link && <CopyableLink link={link} />}
        </>
      )}

      <section aria-labelledby="team-members">
        <h2 id="team-members" className="mb-2 text-base font-semibold text-slate-900">
          {t('team.members', { count: team.members.length })}
        </h2>
        <DataTable
          columns={[
            { label: t('team.name') },
            { label: t('team.email') },
            { label: t('team.role') },
            { label: t('team.joined') },
            { label: t('team.actions'), srOnly: true },
          ]}
        >
          {team.members.map((member) => {
            const me = member.user_id === user.id;
            const owner = member.role === 'owner';
            return (
              <tr key={member.user_id} data-testid="team-member" data-role={member.role}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {member.name} {me && <span className="font-normal text-slate-500">({t('team.you')})</span>}
                </th>
                <td className="px-3 py-2 text-slate-700">{member.email}</td>
                <td className="px-3 py-2">
                  {manages && !owner ? (
                    <select
                      aria-label={t('team.roleOf', { name: member.name })}
                      value={member.role}
                      disabled={busy('changeRole')}
                      onChange={(e) => send({ intent: 'changeRole', companyId, userId: member.user_id, role: e.target.value as InvitableRole })}
                      className={selectClass}
                    >
                      {INVITABLE_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <Badge tone={owner ? 'indigo' : 'slate'}>{t(`roles.${member.role}`)}</Badge>
                  )}
                </td>
                <td className="px-3 py-2 text-slate-700">{date(member.joined_at)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  {manages && !owner && (
                    <>
                      <Button size="sm" variant="ghost" onClick={() => setConfirm({ kind: 'transfer', member })} aria-label={t('team.makeOwnerNamed', { name: member.name })}>
                        {t('team.makeOwner')}
                      </Button>
                      <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirm({ kind: 'remove', member })} aria-label={t('team.removeNamed', { name: member.name })}>
                        {t('team.remove')}
                      </Button>
                    </>
                  )}
                  {me && !owner && (
                    <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirm({ kind: 'leave', member })}>
                      {t('team.leave')}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      </section>

      {manages && (
        <section aria-labelledby="team-invitations">
          <h2 id="team-invitations" className="mb-2 text-base font-semibold text-slate-900">
            {t('team.invitations', { count: team.invitations.length })}
          </h2>
          {team.invitations.length === 0 ? (
            <p className="text-sm text-slate-600">{t('team.noInvitations')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="team-invitation">
                  <span>
                    <span className="font-medium text-slate-900">{invitation.email}</span> · {t(`roles.${invitation.role}`)} ·{' '}
                    {isExpired(invitation) ? <Badge tone="amber">{t('team.expired')}</Badge> : <span className="text-slate-600">{t('team.expires', { date: date(invitation.expires_at) })}</span>}
                  </span>
                  <span className="flex gap-1">
                    <Button size="sm" variant="ghost" disabled={busy('resend')} onClick={() => send({ intent: 'resend', companyId, invitationId: invitation.id, language: interfaceLanguageOf(i18n.language) })}>
                      {t('team.resend')}
                    </Button>
                    <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirm({ kind: 'revoke', invitation })}>
                      {t('team.revoke')}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`team.confirm.${confirm.kind}.title`) : ''}
        question={
          confirm
            ? confirm.kind === 'revoke'
              ? t('team.confirm.revoke.question', { email: confirm.invitation.email })
              : t(`team.confirm.${confirm.kind}.question`, { name: confirm.member.name, company: user.company })
            : ''
        }
        confirmLabel={confirm ? t(`team.confirm.${confirm.kind}.action`) : ''}
        busy={!!running && ['remove', 'transfer', 'revoke'].includes(running.intent)}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === 'revoke') send({ intent: 'revoke', companyId, invitationId: confirm.invitation.id });
          else if (confirm.kind === 'transfer') send({ intent: 'transfer', companyId, userId: confirm.member.user_id });
          else send({ intent: 'remove', companyId, userId: confirm.member.user_id });
        }}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}
