// The `render` queue's education job: one course of the education centre (its training video and
// manual) for one start of an edition of the courses (services/education/render-library.ts).
import { handleJob, RENDER_EDUCATION_JOB } from '@trainwright/platform';
import type { EducationDeps } from '../services/education/deps.js';
import { abandonEducationCourse, renderEducationCourse } from '../services/education/render-library.js';

export function renderEducationJob(deps: EducationDeps) {
  return handleJob(RENDER_EDUCATION_JOB, async (request, job) => renderEducationCourse(deps, request, job), {
    abandoned: async (request) => abandonEducationCourse(deps, request),
  });
}
