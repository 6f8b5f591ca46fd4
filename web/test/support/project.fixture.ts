// A project as GET /api/projects answers it, for tests that need one: every field the screens
// read, with the overrides a test cares about.
import type { Project } from '../../app/lib/projects.js';

export function projectFixture(overrides: Partial<Project> = {}): Project {
  // As the server keeps it: content is generated content, or the project's own slides or script.
  const hasContent = !!overrides.generated_content || !!overrides.slides_content?.trim() || !!overrides.script_content?.trim();
  return {
    id: 'p',
    title: 'T',
    description: '',
    status: 'pending',
    project_type: 'script_to_slides',
    script_content: '',
    slides_content: '',
    generated_content: null,
    software_details: '',
    software_list: [],
    visual_format: 'powerpoint',
    document_format: 'pdf',
    quality_score: null,
    engagement_prediction: null,
    branding: null,
    created_at: '2025-01-01T00:00:00Z',
    company_id: null,
    company_name: null,
    progress: {},
    is_collaborative: false,
    members: 1,
    primary_language: 'en',
    available_languages: ['en'],
    ai_instructions: '',
    template_id: null,
    error: null,
    has_content: hasContent,
    ...overrides,
  };
}
