// SCORM export (lib/scorm.ts and components/scorm): the export request built from the form
// (defaults, rows without a title dropped, numbers in range, tracking only when on), live events
// applied to 'My Packages' (newest first, builds only moving forward, unknown packages), the
// failure texts in en / es / fr, the plan's lock, and the dialog and list rendered on the server.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { DEFAULT_ACTIVITY_DURATION, DEFAULT_SCORM_TRACKING, SCORM_MESSAGES } from '@trainwright/catalogue';
import { ScormExportDialog } from '../app/components/scorm/ScormExportDialog.js';
import { ScormPackageList } from '../app/components/scorm/ScormPackageList.js';
import { WorkspaceContext, type WorkspaceValue } from '../app/components/projects/workspace-context.js';
import en from '../app/i18n/en.js';
import i18n from '../app/i18n/index.js';
import { ApiError, NETWORK_ERROR } from '../app/lib/api.js';
import { AuthProvider } from '../app/lib/auth.js';
import {
  canExport,
  downloadFailureText,
  exportFailureText,
  exportRequestOf,
  fitDraftToContent,
  initialScormDraft,
  scormContentOf,
  isUnknownPackage,
  newActivity,
  newObjective,
  packageErrorText,
  packagesReducer,
  parseScormEvent,
  scormLock,
  scormPaths,
  type ScormDraft,
  type ScormEvent,
  type ScormPackage,
} from '../app/lib/scorm.js';
import type { ScormPackagesState } from '../app/lib/useScorm.js';
import type { User } from '../app/lib/types.js';
import { testUser } from './users.js';
import { projectFixture } from './support/project.fixture.js';

// The shared swc transform compiles JSX with the classic runtime (React.createElement).
(globalThis as { React?: unknown }).React = React;

const t = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const fr = i18n.getFixedT('fr');

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

function pkg(id: string, overrides: Partial<ScormPackage> = {}): ScormPackage {
  return {
    id,
    project_id: 'p1',
    company_id: 'c1',
    package_name: `Package ${id}`,
    scorm_version: '1.2',
    status: 'building',
    progress: 10,
    error: '',
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:00:00.000Z',
    download_count: 0,
    size: 0,
    include_tracking: true,
    has_video: false,
    language: 'en',
    ...overrides,
  };
}

function event(packageId: string, overrides: Partial<ScormEvent> = {}): ScormEvent {
  return { package_id: packageId, project_id: 'p1', status: 'building', progress: 50, error: '', ...overrides };
}

function draftWith(change: Partial<ScormDraft>): ScormDraft {
  return { ...initialScormDraft(), ...change };
}

describe('the export request', () => {
  it('starts from the defaults: SCORM 1.2, tracking on with the catalogue tracking, no rows', () => {
    const request = exportRequestOf('p1', draftWith({ package_name: 'Forklift safety' }));
    expect(request).toEqual({
      project_id: 'p1',
      package_name: 'Forklift safety',
      scorm_version: '1.2',
      include_tracking: true,
      learning_objectives: [],
      activities: [],
      tracking: DEFAULT_SCORM_TRACKING,
    });
  });

  it("names a translation's language only when one is chosen (the project's own is the default)", () => {
    expect(exportRequestOf('p1', draftWith({ package_name: 'P' }), 'es').language).toBe('es');
    expect('language' in exportRequestOf('p1', draftWith({ package_name: 'P' }), '')).toBe(false);
  });

  it('needs a package name that is not blank', () => {
    expect(canExport(draftWith({ package_name: '' }))).toBe(false);
    expect(canExport(draftWith({ package_name: '   ' }))).toBe(false);
    expect(canExport(draftWith({ package_name: ' A ' }))).toBe(true);
    expect(exportRequestOf('p1', draftWith({ package_name: '  Trimmed  ' })).package_name).toBe('Trimmed');
  });

  it('drops objectives and activities with an empty title, trims the rest and keeps their ids and types', () => {
    const first = { ...newObjective([]), title: '  Name the exits ', description: ' Where they are ', type: 'application' as const };
    const blank = { ...newObjective([first]), title: '   ', description: 'ignored' };
    const activity = { ...newActivity([]), title: 'Watch the video', type: 'video' as const, estimated_duration: '25' };
    const untitled = { ...newActivity([activity]), title: '' };
    const request = exportRequestOf('p1', draftWith({ package_name: 'P', objectives: [first, blank], activities: [untitled, activity] }));
    expect(request.learning_objectives).toEqual([{ id: 'objective-1', title: 'Name the exits', description: 'Where they are', type: 'application' }]);
    expect(request.activities).toEqual([{ id: 'activity-1', title: 'Watch the video', type: 'video', estimated_duration: 25 }]);
  });

  it('gives new rows unique ids, the default type and duration', () => {
    const a = newObjective([]);
    const b = newObjective([a]);
    const c = newObjective([b]); // after objective-1 was removed
    expect([a.id, b.id, c.id]).toEqual(['objective-1', 'objective-2', 'objective-3']);
    expect(a.type).toBe('knowledge');
    const activity = newActivity([]);
    expect(activity).toMatchObject({ type: 'reading', estimated_duration: String(DEFAULT_ACTIVITY_DURATION) });
  });

  it('keeps durations at one minute or more (the default when not a number) and percentages in range', () => {
    const activities = ['0', '-5', '', 'abc', '7.6', '100000'].map((d, i) => ({ ...newActivity([]), id: `a${i}`, title: `A${i}`, estimated_duration: d }));
    const request = exportRequestOf('p1', draftWith({ package_name: 'P', activities, completion_threshold: '0', passing_score: '150' }));
    expect(request.activities.map((a) => a.estimated_duration)).toEqual([1, 1, DEFAULT_ACTIVITY_DURATION, DEFAULT_ACTIVITY_DURATION, 8, 600]);
    expect(request.tracking).toMatchObject({ completion_threshold: 1, passing_score: 100 });
    const zero = exportRequestOf('p1', draftWith({ package_name: 'P', passing_score: '0', completion_threshold: '' }));
    expect(zero.tracking).toMatchObject({ passing_score: 0, completion_threshold: DEFAULT_SCORM_TRACKING.completion_threshold });
  });

  it('sends the tracking settings only with tracking on, and the chosen version', () => {
    const off = exportRequestOf('p1', draftWith({ package_name: 'P', include_tracking: false, scorm_version: 'cmi5' }));
    expect(off.include_tracking).toBe(false);
    expect(off.scorm_version).toBe('cmi5');
    expect('tracking' in off).toBe(false);
    const on = exportRequestOf('p1', draftWith({ package_name: 'P', scorm_version: '2004', completion_rule: 'quiz_passed', status_pair: 'passed_failed', passing_score: '70' }));
    expect(on.tracking).toEqual({ completion_rule: 'quiz_passed', completion_threshold: 100, passing_score: 70, status_pair: 'passed_failed' });
  });

  it('addresses the gateway', () => {
    expect(scormPaths.export('p 1')).toBe('/scorm/export/p%201');
    expect(scormPaths.list('p1')).toBe('/scorm/packages?project_id=p1');
    expect(scormPaths.list(null)).toBe('/scorm/packages');
    expect(scormPaths.download('k1')).toBe('/scorm/packages/k1/download');
  });
});

describe('the tracking a project can meet', () => {
  const question = (correct: number) => ({ id: 'q', prompt: 'Brakes first?', options: [{ id: 'a', text: 'Yes', is_correct: correct > 0 }, { id: 'b', text: 'No', is_correct: correct > 1 }], explanation: '', source: '' });
  const withQuestions = (questions: unknown[] | undefined) => ({ generated_content: (questions ? { questions } : null) as never });

  it('reads whether the project has questions the package can track (exactly one correct option)', () => {
    expect(scormContentOf(withQuestions(undefined))).toEqual({ hasQuestions: false });
    expect(scormContentOf(withQuestions([]))).toEqual({ hasQuestions: false });
    expect(scormContentOf(withQuestions([question(0), question(2)]))).toEqual({ hasQuestions: false });
    expect(scormContentOf(withQuestions([question(0), question(1)]))).toEqual({ hasQuestions: true });
  });

  it('offers a project without a quiz only completion: a quiz rule or a passed/failed pair becomes slides viewed, completed / incomplete', () => {
    const fitted = fitDraftToContent(draftWith({ package_name: 'P' }), { hasQuestions: false });
    expect(exportRequestOf('p1', fitted).tracking).toEqual({ ...DEFAULT_SCORM_TRACKING, completion_rule: 'slides_viewed', status_pair: 'completed_incomplete' });
    const chosen = draftWith({ package_name: 'P', completion_rule: 'video_watched', status_pair: 'completed_incomplete' });
    expect(fitDraftToContent(chosen, { hasQuestions: false })).toBe(chosen);
    // With a quiz every rule stays as chosen.
    const quiz = draftWith({ package_name: 'P', completion_rule: 'quiz_passed', status_pair: 'passed_failed' });
    expect(fitDraftToContent(quiz, { hasQuestions: true })).toBe(quiz);
  });

  it("shows the server's refusal of a rule that needs a quiz in the interface language", () => {
    const refusal = new ApiError(400, 'VALIDATION_FAILED', SCORM_MESSAGES.ruleNeedsQuiz, undefined, { id: 'scorm.ruleNeedsQuiz', params: [] });
    expect(exportFailureText(refusal, t)).toBe(`Export failed: ${SCORM_MESSAGES.ruleNeedsQuiz}`);
    expect(exportFailureText(refusal, es)).toBe(`${es('scorm.messages.exportFailed', { detail: es('scorm.messages.ruleNeedsQuiz') })}`);
    expect(exportFailureText(refusal, es)).toContain('necesita un cuestionario');
    expect(exportFailureText(refusal, fr)).toContain('nécessite un quiz');
  });
});

describe('live events and My Packages', () => {
  it('reads an event; its name decides ready and failed', () => {
    expect(parseScormEvent('scorm.progress', { package_id: 'k1', project_id: 'p1', status: 'building', progress: 42.4, error: null })).toEqual(event('k1', { progress: 42 }));
    expect(parseScormEvent('scorm.ready', { package_id: 'k1', project_id: 'p1', status: 'building', progress: 99 })).toMatchObject({ status: 'ready', progress: 100 });
    expect(parseScormEvent('scorm.failed', { package_id: 'k1', project_id: 'p1', progress: 30, error: 'Boom' })).toMatchObject({ status: 'failed', error: 'Boom' });
    expect(parseScormEvent('scorm.progress', { project_id: 'p1' })).toBeNull();
    expect(parseScormEvent('scorm.progress', null)).toBeNull();
  });

  it('lists the newest first', () => {
    const list = packagesReducer(null, { type: 'loaded', packages: [pkg('old', { created_at: '2025-01-01T00:00:00Z' }), pkg('new', { created_at: '2025-02-01T00:00:00Z' })] });
    expect(list!.map((p) => p.id)).toEqual(['new', 'old']);
  });

  it('moves a building package on with the events, to ready', () => {
    let list = packagesReducer(null, { type: 'loaded', packages: [pkg('k1'), pkg('k2', { status: 'ready', progress: 100 })] });
    list = packagesReducer(list, { type: 'event', event: event('k1', { progress: 60 }) });
    expect(list!.find((p) => p.id === 'k1')).toMatchObject({ status: 'building', progress: 60 });
    list = packagesReducer(list, { type: 'event', event: event('k1', { status: 'ready', progress: 100 }) });
    expect(list!.find((p) => p.id === 'k1')).toMatchObject({ status: 'ready', progress: 100 });
    expect(list!.find((p) => p.id === 'k2')).toMatchObject({ status: 'ready' });
  });

  it('shows a failure with its reason', () => {
    const list = packagesReducer([pkg('k1')], { type: 'event', event: event('k1', { status: 'failed', progress: 40, error: SCORM_MESSAGES.noContent }) });
    expect(list![0]).toMatchObject({ status: 'failed', error: SCORM_MESSAGES.noContent });
  });

  it('never takes a build backwards: late progress events and lists read before the last event', () => {
    let list = packagesReducer([pkg('k1', { progress: 70 })], { type: 'event', event: event('k1', { progress: 40 }) });
    expect(list![0]!.progress).toBe(70);
    list = packagesReducer(list, { type: 'event', event: event('k1', { status: 'ready', progress: 100 }) });
    list = packagesReducer(list, { type: 'event', event: event('k1', { progress: 95 }) });
    expect(list![0]).toMatchObject({ status: 'ready', progress: 100 });
    // A reload that read the package while it still built keeps it ready, with the new count.
    list = packagesReducer(list, { type: 'loaded', packages: [pkg('k1', { status: 'building', progress: 80, download_count: 2 })] });
    expect(list![0]).toMatchObject({ status: 'ready', progress: 100, download_count: 2 });
  });

  it('adds the exported package at once, and ignores events of packages it does not list', () => {
    const start = packagesReducer(null, { type: 'loaded', packages: [pkg('k1', { created_at: '2025-01-01T00:00:00Z' })] });
    const added = packagesReducer(start, { type: 'added', package: pkg('k2', { status: 'queued', progress: 0, created_at: '2025-04-01T00:00:00Z' }) });
    expect(added!.map((p) => p.id)).toEqual(['k2', 'k1']);
    expect(packagesReducer(added, { type: 'event', event: event('zz') })).toBe(added);
    expect(isUnknownPackage(added, event('zz'), 'p1')).toBe(true);
    expect(isUnknownPackage(added, event('zz', { project_id: 'other' }), 'p1')).toBe(false);
    expect(isUnknownPackage(added, event('k1'), 'p1')).toBe(false);
    expect(isUnknownPackage(null, event('zz'), 'p1')).toBe(false);
  });
});

describe('texts', () => {
  it('keeps the specification messages, in English as the catalogue has them', () => {
    for (const [key, value] of Object.entries(SCORM_MESSAGES)) {
      if (typeof value === 'string') expect({ key, text: (en.scorm.messages as Record<string, string>)[key] }).toEqual({ key, text: value });
    }
    expect(t('scorm.messages.exportFailed', { detail: 'x' })).toBe(SCORM_MESSAGES.exportFailed('x'));
    expect(t('scorm.messages.exportFailed', { detail: t('scorm.unknownError') })).toBe(SCORM_MESSAGES.exportFailed(''));
    expect(en.scorm.exporting).toBe('Exporting...');
  });

  it("says 'Export failed: {detail or Unknown error}' for an answer, 'Error exporting SCORM package' without one", () => {
    const plan = 'This feature requires the Enterprise plan or higher. Please upgrade your plan to continue.';
    expect(exportFailureText(new ApiError(403, 'FEATURE_NOT_AVAILABLE', plan), t)).toBe(`Export failed: ${plan}`);
    expect(exportFailureText(new ApiError(500, 'HTTP_500'), t)).toBe('Export failed: Unknown error');
    expect(exportFailureText(new ApiError(0, NETWORK_ERROR), t)).toBe('Error exporting SCORM package');
    expect(exportFailureText(new TypeError('x'), t)).toBe('Error exporting SCORM package');
    // A catalogue message in the interface language.
    expect(exportFailureText(new ApiError(400, 'VALIDATION_FAILED', SCORM_MESSAGES.nameRequired, undefined, { id: 'scorm.nameRequired', params: [] }), es)).toBe('Error en la exportación: El nombre del paquete es obligatorio.');
    expect(exportFailureText(new ApiError(0, NETWORK_ERROR), fr)).toBe('Erreur lors de l’export du paquet SCORM');
  });

  it("says 'Failed to download package' for an answer (with a 4xx reason), 'Error downloading package' without one", () => {
    expect(downloadFailureText(new ApiError(500, 'INTERNAL'), t)).toBe('Failed to download package');
    expect(downloadFailureText(new ApiError(409, 'CONFLICT', SCORM_MESSAGES.notReady), t)).toBe(`Failed to download package: ${SCORM_MESSAGES.notReady}`);
    expect(downloadFailureText(new ApiError(0, NETWORK_ERROR), t)).toBe('Error downloading package');
    expect(downloadFailureText(new ApiError(0, NETWORK_ERROR), es)).toBe('Error al descargar el paquete');
  });

  it('shows a failed build reason by its message id, translated, and a text of its own as stored', () => {
    expect(packageErrorText({ error: SCORM_MESSAGES.failed, error_message_id: 'scorm.failed', error_params: [] }, fr)).toBe('La création du paquet SCORM a échoué.');
    // The English is not matched any more: a text without an id is shown as stored.
    expect(packageErrorText({ error: SCORM_MESSAGES.failed }, fr)).toBe(SCORM_MESSAGES.failed);
    // An id this app has no text for: the stored English.
    expect(packageErrorText({ error: 'Something new.', error_message_id: 'scorm.somethingNew', error_params: [] }, fr)).toBe('Something new.');
    expect(packageErrorText({ error: 'Disk full' }, t)).toBe('Disk full');
    expect(packageErrorText({ error: '' }, t)).toBe(SCORM_MESSAGES.failed);
  });

  it('keeps a failure message with its event, and replaces it with the next', () => {
    const failed = parseScormEvent('scorm.failed', { package_id: 'p1', project_id: 'x', error: 'Building the SCORM package failed.', error_message_id: 'scorm.failed', error_params: [] });
    expect(failed).toMatchObject({ status: 'failed', error_message_id: 'scorm.failed', error_params: [] });
    const plain = parseScormEvent('scorm.failed', { package_id: 'p1', project_id: 'x', error: 'Disk full', error_message_id: 7 });
    expect(plain).toMatchObject({ error: 'Disk full', error_message_id: undefined, error_params: undefined });
    const shown = packagesReducer([{ id: 'p1', status: 'building', progress: 10, error: '', created_at: '' } as never], { type: 'event', event: failed! });
    expect(packageErrorText(shown![0]!, fr)).toBe('La création du paquet SCORM a échoué.');
  });
});

const USER: User = testUser({ capabilities: { videoGeneration: true, scormCompliance: false } });
const ENTERPRISE: User = { ...USER, subscription: { ...USER.subscription, tier: 'enterprise', plan: 'Enterprise' }, capabilities: { ...USER.capabilities, scormCompliance: true } };

describe('the plan', () => {
  it('locks SCORM for a plan without scormCompliance, naming Enterprise; the server decides for another company', () => {
    expect(scormLock(USER, { company_id: 'c1' })).toEqual({ plan: 'enterprise' });
    expect(scormLock(USER, null)).toEqual({ plan: 'enterprise' });
    expect(scormLock(ENTERPRISE, { company_id: 'c1' })).toBeNull();
    expect(scormLock(USER, { company_id: 'other' })).toBeNull();
  });
});

const workspace: WorkspaceValue = { openMarketplace: () => undefined, openVoices: () => undefined, voice: null, notify: () => undefined };

function renderDialog(user: User) {
  const project = projectFixture({ id: 'p1', title: 'Forklift Basics', company_id: 'c1', status: 'completed' });
  return renderToStaticMarkup(
    h(
      StaticRouter,
      { location: '/' },
      h(AuthProvider, {
        initial: { status: 'signedIn', user },
        children: h(WorkspaceContext.Provider, { value: workspace }, h(ScormExportDialog, { project, onClose: () => undefined })),
      }),
    ),
  );
}

describe('the dialog', () => {
  it('shows a plan without SCORM the upgrade message naming Enterprise instead of the form', () => {
    const html = renderDialog(USER);
    expect(text(html)).toContain('SCORM packages are included in the Enterprise plan.');
    expect(html).toContain('data-testid="scorm-locked"');
    expect(html).not.toContain('data-testid="scorm-settings"');
  });

  it('opens on the settings: SCORM 1.2 chosen, tracking on, Export disabled while the name is blank', () => {
    const html = renderDialog(ENTERPRISE);
    expect(html).toContain('data-testid="scorm-settings"');
    expect(html).toMatch(/<option value="1.2" selected="">SCORM 1.2<\/option>/);
    expect(text(html)).toContain('SCORM 2004 4th Edition');
    expect(text(html)).toContain('cmi5');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>Export Package<\/button>/);
    expect(text(html)).toContain('My Packages');
  });
});

describe('My Packages', () => {
  const state = (packages: ScormPackage[] | null, error: unknown = null): ScormPackagesState => ({
    packages,
    error,
    loading: false,
    reload: async () => undefined,
    added: () => undefined,
  });
  const render = (s: ScormPackagesState) => renderToStaticMarkup(h(WorkspaceContext.Provider, { value: workspace }, h(ScormPackageList, { state: s })));

  it('shows each package with its version, downloads, live progress, failure reason or Download', () => {
    const html = render(
      state([
        pkg('k3', { package_name: 'Building one', progress: 45 }),
        pkg('k2', { package_name: 'Ready one', scorm_version: '2004', status: 'ready', progress: 100, download_count: 2, size: 2048 }),
        pkg('k1', { package_name: 'Failed one', scorm_version: 'cmi5', status: 'failed', error: SCORM_MESSAGES.noContent }),
      ]),
    );
    const shown = text(html);
    expect(html).toMatch(/data-package-id="k3" data-status="building"[\s\S]*role="progressbar" aria-label="Building Building one"[^>]*aria-valuenow="45"/);
    expect(shown).toContain('SCORM 2004 4th Edition');
    expect(shown).toContain('2 downloads');
    expect(shown).toContain('Failed: This project has no content to package yet. Generate it first.');
    expect(html.match(/aria-label="Download Ready one"/g)).toHaveLength(1);
    expect(html).not.toContain('Download Building one');
    expect(html).not.toContain('Download Failed one');
  });

  it('says when there are none, and offers Retry when the list failed', () => {
    expect(text(render(state([])))).toContain('No packages for this project yet.');
    expect(text(render(state(null, new ApiError(0, NETWORK_ERROR))))).toContain('Could not load the packages. Network error.');
  });
});
