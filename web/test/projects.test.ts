// The project list's rules: grouping, status labels, quality colour bands, progress and live
// status changes.
import { describe, expect, it } from '@jest/globals';
import { plainContent } from '@trainwright/formats';
import { projectFixture } from './support/project.fixture.js';
import {
  applyStatusChange,
  detectContentView,
  groupProjects,
  projectPreviewSource,
  projectQueryString,
  qualityBand,
  stagesWithProgress,
  titleCaseStatus,
  type Project,
} from '../app/lib/projects.js';

const project = projectFixture;

describe('groupProjects', () => {
  it('groups by company name, then company id, then No Company, in order of first appearance', () => {
    const list = [
      project({ id: '1', company_name: 'Acme', company_id: 'c1' }),
      project({ id: '2', company_name: null, company_id: 'c9' }),
      project({ id: '3', company_name: null, company_id: null }),
      project({ id: '4', company_name: 'Acme', company_id: 'c1' }),
      project({ id: '5', company_name: '  ', company_id: '' }),
    ];
    const groups = groupProjects(list);
    expect(groups.map((g) => [g.label, g.projects.map((p) => p.id)])).toEqual([
      ['Acme', ['1', '4']],
      ['c9', ['2']],
      ['No Company', ['3', '5']],
    ]);
  });

  it('keeps a company named like another company id apart from it', () => {
    const groups = groupProjects([project({ id: '1', company_name: 'c1' }), project({ id: '2', company_id: 'c1' })]);
    expect(groups).toHaveLength(2);
  });

  it('uses the translated label for projects without a company', () => {
    expect(groupProjects([project({})], 'Sin empresa')[0]?.label).toBe('Sin empresa');
  });
});

describe('qualityBand', () => {
  it.each([
    [100, 'green'],
    [90, 'green'],
    [89.9, 'blue'],
    [80, 'blue'],
    [79, 'yellow'],
    [70, 'yellow'],
    [69, 'orange'],
    [60, 'orange'],
    [59.9, 'red'],
    [0, 'red'],
  ])('%s is %s', (score, band) => {
    expect(qualityBand(score)).toBe(band);
  });

  it('is null when there is no score', () => {
    expect(qualityBand(null)).toBeNull();
    expect(qualityBand(undefined)).toBeNull();
    expect(qualityBand(Number.NaN)).toBeNull();
  });
});

describe('titleCaseStatus', () => {
  it.each([
    ['pending', 'Pending'],
    ['generating_content', 'Generating Content'],
    ['creating_video', 'Creating Video'],
    ['generating_documents', 'Generating Documents'],
    ['review', 'Review'],
    ['script_to_slides', 'Script To Slides'],
  ])('%s -> %s', (status, label) => {
    expect(titleCaseStatus(status)).toBe(label);
  });
});

describe('progress and live changes', () => {
  it('shows only stages with progress, in pipeline order, clamped', () => {
    expect(stagesWithProgress({ creating_slides: 10, analyzing: 100, generating_content: 0, creating_video: 140 })).toEqual([
      { stage: 'analyzing', percent: 100 },
      { stage: 'creating_slides', percent: 10 },
      { stage: 'creating_video', percent: 100 },
    ]);
    expect(stagesWithProgress(null)).toEqual([]);
  });

  it('applies a status change with a progress map or a number', () => {
    const p = project({ progress: { analyzing: 10 } });
    expect(applyStatusChange(p, { project_id: 'p', status: 'analyzing', progress: { analyzing: 40 }, error: null })).toMatchObject({
      status: 'analyzing',
      progress: { analyzing: 40 },
      error: null,
    });
    expect(applyStatusChange(p, { project_id: 'p', status: 'generating_content', progress: 25 }).progress).toEqual({
      analyzing: 10,
      generating_content: 25,
    });
    expect(applyStatusChange(p, { project_id: 'p', status: 'failed', error: 'Out of credits' }).error).toBe('Out of credits');
  });
});

describe('content and queries', () => {
  it('detects slides and scripts', () => {
    expect(detectContentView('## Intro\n- a')).toBe('slides');
    expect(detectContentView('[SCENE: Intro]\nNARRATOR: hi')).toBe('script');
    expect(detectContentView('narrator: hello')).toBe('script');
    expect(detectContentView('plain text', 'script')).toBe('script');
  });

  it('previews generated slides before the own content', () => {
    expect(projectPreviewSource(project({ script_content: 'NARRATOR: x', generated_content: plainContent('', '## A') }))).toEqual({
      text: '## A',
      view: 'slides',
      generated: true,
    });
    expect(projectPreviewSource(project({ script_content: 'NARRATOR: x' })).view).toBe('script');
  });

  it('sends only the filters that are set', () => {
    expect(projectQueryString({ search: ' forklift ', status: '', project_type: 'software_analysis', page: 2, page_size: 20 })).toBe(
      'search=forklift&project_type=software_analysis&page=2&page_size=20',
    );
  });
});
