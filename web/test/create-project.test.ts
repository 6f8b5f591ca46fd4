// The create form's request and checks (lib/create-project.ts), which the form and the
// /projects/new action share: only the chosen type's and method's fields are sent, and the
// messages are the server's own, by field.
import { describe, expect, it } from '@jest/globals';
import { brandingErrors, createProjectBody, createProjectErrors, type CreateProjectDraft } from '../app/lib/create-project.js';

const draft = (change: Partial<CreateProjectDraft> = {}): CreateProjectDraft => ({
  title: '  Ladder Safety ',
  description: ' Three points of contact ',
  project_type: 'script_to_slides',
  input_method: 'text',
  script_content: '## Climbing\n- Face the ladder',
  slides_content: 'ignored',
  software_details: 'ignored',
  file_ids: ['f-1'],
  visual_format: 'powerpoint',
  document_format: 'pdf',
  branding: { company_name: ' Acme ', logo_url: '', website: ' https://acme.example ' },
  ai_instructions: ' Short ',
  font_style: 'modern',
  image_style: 'professional',
  template_id: null,
  voice: null,
  burn_subtitles: false,
  ...change,
});

describe('createProjectBody', () => {
  it('sends a typed script with the trimmed texts and the branding given', () => {
    expect(createProjectBody(draft())).toEqual({
      title: 'Ladder Safety',
      description: 'Three points of contact',
      project_type: 'script_to_slides',
      input_method: 'text',
      script_content: '## Climbing\n- Face the ladder',
      visual_format: 'powerpoint',
      document_format: 'pdf',
      include_branding: true,
      company_name: 'Acme',
      website: 'https://acme.example',
      ai_instructions: 'Short',
      font_style: 'modern',
      image_style: 'professional',
    });
  });

  it("sends uploaded files' ids in file mode, software details without an input method, and the options chosen", () => {
    const files = createProjectBody(draft({ project_type: 'slides_to_script', input_method: 'file', branding: null }));
    expect(files).toMatchObject({ input_method: 'file', file_ids: ['f-1'], include_branding: false });
    expect(files).not.toHaveProperty('slides_content');
    expect(files).not.toHaveProperty('company_name');
    const software = createProjectBody(draft({ project_type: 'software_analysis', software_details: ' An ERP ' }));
    expect(software).toMatchObject({ software_details: 'An ERP' });
    expect(software).not.toHaveProperty('input_method');
    expect(software).not.toHaveProperty('file_ids');
    const voice = { voice_id: 'v-1', name: 'Rachel', category: 'premade' };
    expect(createProjectBody(draft({ template_id: 't-1', voice, burn_subtitles: true }))).toMatchObject({ template_id: 't-1', voice_selection: voice, burn_subtitles: true });
  });
});

describe('createProjectErrors', () => {
  it('names each missing field by the message the server would send', () => {
    expect(createProjectErrors(createProjectBody(draft({ title: ' ', script_content: ' ' })))).toEqual({
      title: 'projectForm.errors.titleRequired',
      content: 'projectForm.errors.scriptRequired',
    });
    expect(createProjectErrors(createProjectBody(draft({ input_method: 'file', file_ids: [] })))).toEqual({ uploads: 'projectForm.errors.scriptFileRequired' });
    expect(createProjectErrors(createProjectBody(draft({ project_type: 'slides_to_script', slides_content: '' })))).toEqual({ content: 'projectForm.errors.slidesContentRequired' });
    expect(createProjectErrors(createProjectBody(draft({ project_type: 'slides_to_script', input_method: 'file', file_ids: [] })))).toEqual({ uploads: 'projectForm.errors.slidesRequired' });
    expect(createProjectErrors(createProjectBody(draft({ project_type: 'software_analysis', software_details: '' })))).toEqual({ software_details: 'projectForm.errors.softwareRequired' });
    expect(createProjectErrors(createProjectBody(draft()))).toEqual({});
  });

  it('wants full http(s) addresses for the logo and website', () => {
    expect(brandingErrors({ logo_url: 'ftp://x', website: 'acme.example' })).toEqual({ logo_url: 'companies.invalidUrl', website: 'companies.invalidUrl' });
    expect(brandingErrors(null)).toEqual({});
    expect(createProjectErrors({ title: 'T', project_type: 'software_analysis', software_details: 'x', logo_url: 'nope' })).toEqual({ logo_url: 'companies.invalidUrl' });
  });
});
