// A project as the routes answer it: every field (one project), or without its long texts and
// what no list shows (a list item), and the list with the caller's counts.
import { LIBRARY_MATERIALS, PROJECT_LONG_FIELDS, PROJECT_UNLISTED_FIELDS } from '@trainwright/catalogue';
import { Type } from 'typebox';
import { ErrorMessageFields, VideoErrorMessageFields } from '../../schemas/common.js';
import { Branding } from '../../schemas/projects.js';

/**
 * Left out of list items (ListProjectsResponse leaves them empty): the long texts, and what the
 * list screen and the dialogs it opens do not read (GET /api/projects/{id} has them).
 */
const UNLISTED = new Set<string>([...PROJECT_LONG_FIELDS, ...PROJECT_UNLISTED_FIELDS]);

const projectFields = {
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: Type.String(),
  project_type: Type.String(),
  script_content: Type.String(),
  slides_content: Type.String(),
  generated_content: Type.Union([
    Type.Object({
      script: Type.String(),
      slides: Type.Object({ slide_content: Type.String(), quality_assessment: Type.Optional(Type.Unknown()) }),
      engine: Type.Optional(Type.String()),
    }, { additionalProperties: true }),
    Type.Null(),
  ]),
  software_details: Type.String(),
  software_list: Type.Array(Type.String()),
  visual_format: Type.String(),
  document_format: Type.String(),
  quality_score: Type.Union([Type.Number(), Type.Null()]),
  engagement_prediction: Type.Union([Type.Number(), Type.Null()]),
  branding: Branding,
  created_at: Type.String(),
  updated_at: Type.String(),
  company_id: Type.String(),
  company_name: Type.String(),
  progress: Type.Record(Type.String(), Type.Integer()),
  is_collaborative: Type.Boolean(),
  members: Type.Integer(),
  primary_language: Type.String(),
  available_languages: Type.Array(Type.String()),
  ai_instructions: Type.String(),
  template_id: Type.String(),
  font_style: Type.String(),
  image_style: Type.String(),
  burn_subtitles: Type.Boolean(),
  voice_selection: Type.Union([Type.Object({ voice_id: Type.String(), name: Type.String(), category: Type.String() }), Type.Null()]),
  input_method: Type.String(),
  files: Type.Array(
    Type.Object({ id: Type.String(), kind: Type.String(), filename: Type.String(), size: Type.Integer(), content_type: Type.String() }),
  ),
  error: Type.Union([Type.String(), Type.Null()]),
  ...ErrorMessageFields,
  needs_regeneration: Type.Boolean(),
  can_edit: Type.Boolean(),
  can_delete: Type.Boolean(),
  generator_type: Type.String(),
  request_data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  derived_from_project_id: Type.Union([Type.String(), Type.Null()]),
  content_version: Type.Integer(),
  files_version: Type.Union([Type.Integer(), Type.Null()]),
  // The pay-per-use narrated video: '' (none), payment_required, queued, rendering, ready, failed.
  video_status: Type.String(),
  video_progress: Type.Integer(),
  // Why the narrated video failed (its payment was refunded); null otherwise.
  video_error: Type.Union([Type.String(), Type.Null()]),
  ...VideoErrorMessageFields,
  // What the generated content drew from the company library: 'cited' passages, 'none' (the
  // library held nothing about the topic), or null (neither). List items have it too.
  library_material: Type.Union([...LIBRARY_MATERIALS.map((m) => Type.Literal(m)), Type.Null()]),
};

/** Every field of a project (GET, PATCH). */
export const Project = Type.Object({ ...projectFields, has_content: Type.Boolean() }, { $id: 'Project' });

/** A list item: the project without what UNLISTED names (GET /api/projects/{id} has them). */
const ProjectSummary = Type.Object(
  {
    ...Object.fromEntries(Object.entries(projectFields).filter(([name]) => !UNLISTED.has(name))),
    has_content: Type.Boolean(),
  },
  { $id: 'ProjectSummary' },
);

export const ProjectList = Type.Object({
  projects: Type.Array(ProjectSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
  stats: Type.Object({
    total: Type.Integer(),
    this_month: Type.Integer(),
    completed: Type.Integer(),
    in_progress: Type.Integer(),
    failed: Type.Integer(),
    success_rate: Type.Integer(),
  }),
});
