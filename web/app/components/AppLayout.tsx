// The signed-in frame: the top bar (product title, optional 'Create Project', language, account,
// sign out) and the navigation of part 1, section 2, inside the project workspace (create form,
// template marketplace, notices).
import { useState, type ReactNode } from 'react';
import { Link, NavLink, useMatches, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '~/lib/auth';
import { useHydrated } from '~/lib/server-data';
import { hasCapability } from './RequireCapability';
import { LanguageSwitcher } from './LanguageSwitcher';
import {
  BookIcon,
  BuildingIcon,
  CardIcon,
  ChartIcon,
  FolderIcon,
  GlobeIcon,
  HelpIcon,
  HomeIcon,
  LockIcon,
  PlayIcon,
  PlugIcon,
  TemplateIcon,
  UserIcon,
  UsersIcon,
} from './icons';
import { Badge, Spinner, buttonClass, cx } from './ui';
import { planName } from '~/lib/format';
import { WorkspaceProvider } from './projects/Workspace';
import { CreateProjectLink } from './projects/CreateProjectLink';

/** Route `handle` fields the layout understands. */
export interface LayoutHandle {
  /** Show the 'Create Project' button in the top bar. */
  createProject?: boolean;
}

const NAV = [
  { to: '/', key: 'nav.dashboard', icon: HomeIcon, end: true },
  { to: '/projects', key: 'nav.projects', icon: FolderIcon },
  { to: '/templates', key: 'nav.templates', icon: TemplateIcon },
  { to: '/glossary', key: 'nav.glossary', icon: GlobeIcon },
  { to: '/library', key: 'nav.library', icon: BuildingIcon },
  { to: '/analytics', key: 'nav.analytics', icon: ChartIcon, capability: 'analytics' as const },
  { to: '/integrations', key: 'nav.integrations', icon: PlugIcon, capability: 'integrationHub' as const },
  { to: '/video', key: 'nav.videoProcessing', icon: PlayIcon, capability: 'advancedVideoProcessing' as const },
  { to: '/team', key: 'nav.team', icon: UsersIcon },
  { to: '/profile', key: 'nav.profile', icon: UserIcon },
  { to: '/billing', key: 'nav.billing', icon: CardIcon },
  { to: '/support', key: 'nav.support', icon: HelpIcon },
  { to: '/docs', key: 'nav.docs', icon: BookIcon },
];

function TopBar({ createProject }: { createProject: boolean }) {
  const { t } = useTranslation();
  const { user, signOut } = useSignedInUser();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const ready = useHydrated(); // a click before React runs would be lost

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut(() => navigate('/', { replace: true }));
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-sm font-bold text-white" aria-hidden="true">
            T
          </span>
          <span className="text-lg font-semibold text-slate-900">Trainwright</span>
        </Link>
        <div className="flex items-center gap-2 sm:gap-3">
          {createProject && <CreateProjectLink className="hidden sm:inline-flex" />}
          <LanguageSwitcher />
          <div className="hidden max-w-[16rem] text-right md:block">
            <p className="truncate text-sm font-medium text-slate-900" title={t('topbar.signedInAs', { name: user.email })}>
              {user.name}
            </p>
            <p className="flex items-center justify-end gap-1 text-xs text-slate-500">
              <span className="truncate">{user.company}</span>
              <span aria-hidden="true">·</span>
              <Badge tone="indigo">{planName(t, user.subscription?.tier)}</Badge>
            </p>
          </div>
          <button type="button" onClick={onSignOut} disabled={signingOut || !ready} className={cx(buttonClass('secondary', 'sm'), 'whitespace-nowrap')}>
            {signingOut && <Spinner className="h-3 w-3" />}
            {signingOut ? t('topbar.signingOut') : t('topbar.signOut')}
          </button>
        </div>
      </div>
    </header>
  );
}

function Navigation() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  return (
    <nav aria-label={t('nav.label')} className="border-b border-slate-200 bg-white lg:w-60 lg:shrink-0 lg:border-b-0 lg:border-r">
      <ul className="flex gap-1 overflow-x-auto px-2 py-2 lg:sticky lg:top-16 lg:flex-col lg:px-3 lg:py-4">
        {NAV.map(({ to, key, icon: Icon, end, capability }) => {
          const locked = capability ? !hasCapability(user, capability) : false;
          return (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cx(
                    'relative flex items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                <Icon className="h-5 w-5 shrink-0" />
                <span className="flex-1">{t(key)}</span>
                {locked && (
                  <span title={t('nav.locked')}>
                    <LockIcon className="h-4 w-4 text-slate-400" />
                    <span className="sr-only">({t('nav.locked')})</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const createProject = matches.some((m) => (m.handle as LayoutHandle | undefined)?.createProject);
  return (
    <WorkspaceProvider>
      <div className="flex min-h-full flex-col bg-slate-50">
        <TopBar createProject={createProject} />
        <div className="flex flex-1 flex-col lg:flex-row">
          <Navigation />
          <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <div className="mx-auto max-w-6xl">{children}</div>
          </main>
        </div>
      </div>
    </WorkspaceProvider>
  );
}
