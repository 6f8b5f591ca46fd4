// 'Create Project': a link to the create form's page (/projects/new), which returns to the page it
// was opened from after a create or Cancel.
import { Link, useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { newProjectPath } from '~/lib/projects';
import { PlusIcon } from '../icons';
import { buttonClass, cx } from '../ui';
import type { CreateFormOrigin } from './create/CreateProjectForm';

export function CreateProjectLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const origin: CreateFormOrigin = { from: pathname };
  return (
    <Link to={newProjectPath()} state={origin} className={cx(buttonClass('primary'), className)}>
      <PlusIcon className="h-4 w-4" />
      {t('topbar.createProject')}
    </Link>
  );
}
