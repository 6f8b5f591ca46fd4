// The `render` queue's education job: the education centre's training videos and manuals, one
// job per start of an edition of the courses (services/education/render-library.ts).
import { handleJob, RENDER_EDUCATION_JOB } from '@trainwright/platform';
import type { EducationDeps } from '../services/education/deps.js';
import { abandonEducationLibrary, renderEducationLibrary } from '../services/education/render-library.js';

export function renderEducationJob(deps: EducationDeps) {
  return handleJob(RENDER_EDUCATION_JOB, async (request, job) => renderEducationLibrary(deps, request, job), {
    abandoned: async (request) => abandonEducationLibrary(deps, request),
  });
}
