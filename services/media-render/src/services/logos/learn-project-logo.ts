import type { LogoDeps, ProjectLogo } from './deps.js';

/** A project event told the project's logo URL: keep its logo, forget those of earlier URLs. */
export async function learnProjectLogo(deps: Pick<LogoDeps, 'logos'>, project: ProjectLogo): Promise<void> {
  if (project.url) await deps.logos.keep(project);
  await deps.logos.forget(project.projectId, project.url || undefined);
}
