// The Multi-Language dialog (card menu 'Multi-language'; part 1 sections 2 and 4): tabs 'Translate
// Content' and 'Manage Languages' over the project's translations, which the live events keep
// current; 'Edit' on a language shows its translated slides in place of the tabs.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectSummary } from '~/lib/projects';
import { errorText } from '~/lib/errors';
import type { TranslationList } from '~/lib/translations';
import { useProjectTranslations } from '~/lib/useTranslations';
import { Modal } from '../Modal';
import { ErrorBox, LoadingLine, TabPanel, Tabs } from '../ui';
import { ManageLanguagesTab } from './ManageLanguagesTab';
import { TranslatedSlideEditor } from './TranslatedSlideEditor';
import { TranslateTab } from './TranslateTab';

type Tab = 'translate' | 'manage';

export function MultiLanguageDialog({
  project,
  onClose,
  onStarted,
  onChanged,
}: {
  project: ProjectSummary;
  onClose: () => void;
  /** Translations started (the answer lists them): the caller notifies, closes and follows them on the card. */
  onStarted: (answer: TranslationList) => void;
  /** The project's languages changed (primary, a deleted translation): the caller reloads the cards. */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('translate');
  const [editing, setEditing] = useState<string | null>(null);
  const translations = useProjectTranslations(project.id);
  const { list } = translations;
  const canEdit = project.can_edit !== false;

  return (
    <Modal open onClose={onClose} title={t('translation.title')} description={project.title} size="lg">
      <div className="space-y-4" data-testid="multi-language-dialog">
        {translations.error != null && !list ? (
          <ErrorBox onRetry={() => void translations.reload()} retryLabel={t('common.retry')}>
            {t('translation.loadFailed')} {errorText(translations.error, t)}
          </ErrorBox>
        ) : !list ? (
          <LoadingLine />
        ) : editing ? (
          <TranslatedSlideEditor projectId={project.id} language={editing} canEdit={canEdit} onBack={() => setEditing(null)} />
        ) : (
          <>
            <Tabs
              idBase={idBase}
              label={t('translation.title')}
              value={tab}
              onChange={setTab}
              tabs={[
                { key: 'translate', label: t('translation.tabs.translate') },
                { key: 'manage', label: t('translation.tabs.manage') },
              ]}
            />
            <TabPanel idBase={idBase} tab={tab}>
              {tab === 'translate' ? (
                <TranslateTab projectId={project.id} list={list} canEdit={canEdit} onStarted={onStarted} />
              ) : (
                <ManageLanguagesTab
                  projectId={project.id}
                  projectTitle={project.title}
                  list={list}
                  canEdit={canEdit}
                  onEdit={setEditing}
                  onChanged={() => {
                    void translations.reload({ quiet: true });
                    onChanged();
                  }}
                />
              )}
            </TabPanel>
          </>
        )}
      </div>
    </Modal>
  );
}
