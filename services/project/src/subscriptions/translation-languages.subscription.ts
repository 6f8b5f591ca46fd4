// The translation service's events kept on the project row as available_languages: a completed
// translation adds its language, a deleted one removes it (the card's language count and the
// project's languages read it), announced as project.updated. Ordered per language by occurred_at:
// a late event is a no-op.
import type { Subscription } from '@trainwright/platform';
import { TranslationChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { projectEvents, snapshotOfRow } from '../services/events.js';
import type { ProjectDeps } from '../services/projects/deps.js';

export function translationLanguagesSubscription(deps: Pick<ProjectDeps, 'projects' | 'afterWrite'>): Subscription {
  return {
    name: 'project-translation-languages',
    subject: 'translation.*',
    handle: async (event) => {
      if (event.subject !== 'translation.completed' && event.subject !== 'translation.deleted') return;
      const e = TranslationChanged.decode(event.data);
      const change = { projectId: e.projectId, language: e.language, present: event.subject === 'translation.completed', at: e.occurredAt };
      // project.updated tells the project's readers (the browser's list) that its languages changed.
      const applied = await deps.projects.applyLanguage(change, (row) => [
        projectEvents.changed('project.updated', { projectId: row.id, companyId: row.company_id, ownerUserId: row.owner_user_id, ...snapshotOfRow(row) }),
      ]);
      if (applied) deps.afterWrite();
    },
  };
}
