// The Integration Dashboard's rules (lib/integrations.ts): the status badge (unknown and missing
// statuses, a status that could not be read), an error's reason by its message id, the setup form's
// checks and body, the fields a refusal names, the texts of each outcome, the action's writes, and
// the catalogue's texts in the interface language with the API's text as the fallback.
import { describe, expect, it } from '@jest/globals';
import { INTEGRATION_CATALOGUE, INTEGRATION_MESSAGES } from '@trainwright/catalogue';
import i18n from '../app/i18n/index.js';
import en from '../app/i18n/en.js';
import { ApiError, TimeoutError, toError } from '../app/lib/api.js';
import { failureError } from '../app/lib/action-failure.js';
import {
  canManageIntegrations,
  catalogueText,
  configurationRows,
  deliveryBadge,
  deliveryStatusText,
  fieldLabel,
  integrationDone,
  integrationName,
  integrationPaths,
  integrationWrite,
  isIntegrationRequest,
  refusedFieldErrors,
  refusedFields,
  removeFailureText,
  setupConfiguration,
  setupErrors,
  setupFailureText,
  setupFields,
  setupSuccessText,
  shownEntry,
  statusBadge,
  statusReasonText,
  testResultText,
  withStatuses,
  type CatalogueEntry,
  type Integration,
} from '../app/lib/integrations.js';

const enT = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const fr = i18n.getFixedT('fr');

/** The catalogue as GET /api/integrations/catalogue answers it (Zapier and Slack available). */
const CATALOGUE: CatalogueEntry[] = INTEGRATION_CATALOGUE.map((e) => ({
  id: e.id,
  name: e.name,
  description: e.description,
  category: e.category,
  features: [...e.features],
  required_fields: e.required.map((f) => ({ name: f.name, label: f.label, secret: f.secret, max_length: f.maxLength })),
  optional_fields: e.optional.map((f) => ({ name: f.name, label: f.label, secret: f.secret, max_length: f.maxLength })),
  help: e.help,
  available: e.id === 'zapier' || e.id === 'slack',
}));
const entry = (id: string) => CATALOGUE.find((e) => e.id === id)!;

function integration(over: Partial<Integration> = {}): Integration {
  return {
    id: 'i1',
    company_id: 'c1',
    integration_id: 'slack',
    integration_type: 'slack',
    name: 'Slack',
    status: 'pending',
    status_reason: '',
    status_message_id: '',
    status_params: [],
    configuration: { webhook_url: '••••abcd', channel: '#training' },
    created_at: '2026-12-05T08:00:00.000Z',
    last_delivery_at: null,
    last_delivery_status: '',
    signed: false,
    ...over,
  };
}

describe('the status badge', () => {
  it('shows connected green, error red, pending amber', () => {
    expect(statusBadge('connected')).toEqual({ key: 'connected', tone: 'green' });
    expect(statusBadge('error')).toEqual({ key: 'error', tone: 'red' });
    expect(statusBadge('pending')).toEqual({ key: 'pending', tone: 'amber' });
  });

  it('shows no status as pending and any other value as Unknown', () => {
    for (const none of [undefined, null, '']) expect(statusBadge(none)).toEqual({ key: 'pending', tone: 'amber' });
    for (const other of ['paused', 'CONNECTED', 'disconnected']) expect(statusBadge(other)).toEqual({ key: 'unknown', tone: 'slate' });
    expect([enT('integrations.status.unknown'), es('integrations.status.unknown'), fr('integrations.status.unknown')]).toEqual(['Unknown', 'Desconocido', 'Inconnu']);
  });

  it('shows an integration whose status could not be read as an error, with that reason', () => {
    expect(statusBadge('connected', true)).toEqual({ key: 'error', tone: 'red' });
    const [read, unread] = withStatuses(
      [integration({ id: 'a' }), integration({ id: 'b', status: 'connected' })],
      [{ id: 'a', status: 'connected', status_reason: '', status_message_id: '', status_params: [], last_delivery_at: '2026-12-05T09:00:00.000Z', last_delivery_status: 'succeeded' }, null],
    );
    expect(read).toMatchObject({ id: 'a', status: 'connected', last_delivery_status: 'succeeded' });
    expect(read!.statusUnread).toBeUndefined();
    expect(unread).toMatchObject({ id: 'b', statusUnread: true });
    expect(statusBadge(unread!.status, unread!.statusUnread).key).toBe('error');
    expect(statusReasonText(unread!, enT)).toBe('The status of this integration could not be read.');
  });

  it("gives an error's reason by its message id, else as stored, and none for other statuses", () => {
    const paused = integration({ status: 'error', status_reason: INTEGRATION_MESSAGES.receiverGone, status_message_id: 'integrations.receiverGone' });
    expect(statusReasonText(paused, enT)).toBe(INTEGRATION_MESSAGES.receiverGone);
    expect(statusReasonText(paused, fr)).toBe("Le récepteur a répondu 410 Gone : il n'existe plus, l'intégration a donc été mise en pause.");
    const days = integration({ status: 'error', status_reason: INTEGRATION_MESSAGES.disabledAfterFailures(5), status_message_id: 'integrations.disabledAfterFailures', status_params: ['5'] });
    expect(statusReasonText(days, es)).toMatch(/^Las entregas han fallado durante 5 días seguidos/);
    expect(statusReasonText(integration({ status: 'error', status_reason: 'Something of its own.' }), es)).toBe('Something of its own.');
    expect(statusReasonText(integration({ status: 'error', status_reason: 'Newer text', status_message_id: 'integrations.notYetKnown' }), es)).toBe('Newer text');
    expect(statusReasonText(integration({ status: 'connected', status_reason: 'old' }), enT)).toBeNull();
  });

  it('labels deliveries by status, an unknown one as sent', () => {
    expect(deliveryBadge('succeeded').tone).toBe('green');
    expect(deliveryBadge('failed').tone).toBe('red');
    expect(deliveryBadge('pending').tone).toBe('amber');
    expect(deliveryStatusText('abandoned', fr)).toBe('Abandonnée');
    expect(deliveryStatusText('queued', fr)).toBe('queued');
  });
});

describe('the catalogue in the interface language', () => {
  it("keeps en.ts the catalogue's own English, so a translation is of the text the API sends", () => {
    for (const e of INTEGRATION_CATALOGUE) {
      const texts = en.integrations.catalogue[e.id];
      expect({ id: e.id, name: texts.name, description: texts.description, category: texts.category, help: texts.help }).toEqual({ id: e.id, name: e.name, description: e.description, category: e.category, help: e.help });
      expect(Object.values(texts.features)).toEqual([...e.features]);
      const labels = texts.fields as Record<string, string>;
      for (const f of [...e.required, ...e.optional]) expect([e.id, f.name, labels[f.name]]).toEqual([e.id, f.name, f.label]);
      expect(Object.keys(labels).sort()).toEqual([...e.required, ...e.optional].map((f) => f.name).sort());
    }
  });

  it('translates every entry by id in es and fr, and keeps English as the API sends it', () => {
    for (const t of [es, fr]) {
      for (const e of CATALOGUE) {
        const shown = shownEntry(e, t);
        expect(shown.description).not.toBe(e.description);
        expect(shown.help).not.toBe(e.help);
        shown.features.forEach((f, i) => expect(f).not.toBe(e.features[i]));
        expect(shown.available).toBe(e.available);
        expect(shown.required_fields.map((f) => f.name)).toEqual(e.required_fields.map((f) => f.name));
      }
    }
    expect(shownEntry(entry('slack'), es)).toMatchObject({ name: 'Slack', category: 'Comunicación', required_fields: [{ name: 'webhook_url', label: 'URL del webhook entrante', secret: true }], optional_fields: [{ name: 'channel', label: 'Canal (p. ej., #formacion)' }] });
    expect(shownEntry(entry('zapier'), fr).required_fields.map((f) => f.label)).toEqual(['URL du catch hook', "Clé d'API"]);
    expect(shownEntry(entry('slack'), enT)).toEqual(entry('slack'));
  });

  it('falls back to the API text when the English changed or the entry is new', () => {
    const changed: CatalogueEntry = { ...entry('slack'), description: 'Post to Slack, now with threads.', features: ['Block Kit messages with links', 'Threads'] };
    const shown = shownEntry(changed, es);
    expect(shown.description).toBe('Post to Slack, now with threads.');
    expect(shown.features).toEqual(['Mensajes Block Kit con enlaces', 'Threads']);
    const fax: CatalogueEntry = { ...entry('slack'), id: 'fax', name: 'Fax', description: 'Faxes.', category: 'Retro' };
    expect(shownEntry(fax, fr)).toMatchObject({ name: 'Fax', description: 'Faxes.', category: 'Retro', required_fields: [{ label: 'Incoming webhook URL' }] });
    expect(catalogueText(fr, 'nothing.here', 'As sent')).toBe('As sent');
    expect(fieldLabel(fr, 'slack', { name: 'color', label: 'Colour' })).toBe('Colour');
    expect(integrationName({ integration_type: 'microsoft_teams', name: 'Microsoft Teams' }, fr)).toBe('Microsoft Teams');
  });

  it('labels the masked configuration by the type’s fields, an unknown setting by its name', () => {
    const rows = configurationRows(integration({ configuration: { webhook_url: '••••abcd', channel: '#training', colour: 'red' } }), shownEntry(entry('slack'), fr), fr);
    expect(rows).toEqual([
      { name: 'webhook_url', label: 'URL du webhook entrant', value: '••••abcd' },
      { name: 'channel', label: 'Canal (par ex. #formation)', value: '#training' },
      { name: 'colour', label: 'colour', value: 'red' },
    ]);
    expect(configurationRows(integration(), undefined, enT).map((r) => r.label)).toEqual(['webhook_url', 'channel']);
  });
});

describe('the setup form', () => {
  it('lists the required fields first, and checks each before sending, naming it', () => {
    expect(setupFields(entry('zapier')).map((f) => [f.name, f.required, f.secret])).toEqual([
      ['webhook_url', true, true],
      ['api_key', true, true],
    ]);
    expect(setupFields(entry('slack')).map((f) => [f.name, f.required])).toEqual([
      ['webhook_url', true],
      ['channel', false],
    ]);
    expect(setupErrors(entry('zapier'), { webhook_url: '  ', api_key: '' }, enT)).toEqual({ webhook_url: 'Catch hook URL is required', api_key: 'API key is required' });
    expect(setupErrors(entry('slack'), {}, es)).toEqual({ webhook_url: 'URL del webhook entrante es obligatorio' });
    expect(setupErrors(entry('slack'), { webhook_url: 'https://hooks.slack.com/services/x' }, enT)).toEqual({});
  });

  it("sends the entry's fields trimmed, leaving out empty optional ones and anything else", () => {
    expect(setupConfiguration(entry('slack'), { webhook_url: ' https://hooks.slack.com/services/x ', channel: '  ', color: 'red' })).toEqual({ webhook_url: 'https://hooks.slack.com/services/x' });
    expect(setupConfiguration(entry('slack'), { webhook_url: 'u', channel: '#training' })).toEqual({ webhook_url: 'u', channel: '#training' });
  });

  it('marks the fields a refusal names: every missing one as required, another by the message', () => {
    const missing = toError(400, { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.missingFields('webhook_url, api_key'), message_id: 'integrations.missingFields', params: ['webhook_url, api_key'], detail: { field: 'webhook_url', fields: ['webhook_url', 'api_key'] } });
    expect(refusedFields(missing)).toEqual(['webhook_url', 'api_key']);
    expect(refusedFieldErrors(entry('zapier'), missing, enT)).toEqual({ webhook_url: 'Catch hook URL is required', api_key: 'API key is required' });
    const local = toError(400, { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.notUrl('webhook_url'), message_id: 'integrations.notUrl', params: ['webhook_url'], detail: { field: 'webhook_url' } });
    expect(refusedFieldErrors(entry('slack'), local, fr)).toEqual({ webhook_url: 'webhook_url doit être une URL https.' });
    // A private address: the safe fetcher's own words, not a catalogue message.
    const privateAddress = toError(400, { code: 'VALIDATION_FAILED', message: 'The address is not public.', detail: { field: 'webhook_url' } });
    expect(refusedFieldErrors(entry('slack'), privateAddress, es)).toEqual({ webhook_url: 'The address is not public.' });
    // A field the form does not have (the type itself), and refusals without fields.
    expect(refusedFieldErrors(entry('slack'), toError(400, { code: 'VALIDATION_FAILED', message: 'x', detail: { field: 'integration_type' } }), enT)).toEqual({});
    expect(refusedFields(toError(500, { code: 'INTERNAL', message: 'x' }))).toEqual([]);
    expect(refusedFields(new TimeoutError())).toEqual([]);
  });

  it("says the setup worked, or why not in the server's words, or 'Setup failed' without them", () => {
    expect(setupSuccessText('Slack', enT)).toBe('Slack integration setup successfully!');
    expect(setupSuccessText('Slack', fr)).toBe('Intégration Slack configurée avec succès !');
    const missing = toError(400, { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.missingFields('api_key'), message_id: 'integrations.missingFields', params: ['api_key'] });
    expect(setupFailureText(missing, 'Zapier', enT)).toBe('Failed to setup Zapier: Fill in the required fields: api_key.');
    expect(setupFailureText(missing, 'Zapier', es)).toBe('No se pudo configurar Zapier: Rellena los campos obligatorios: api_key.');
    expect(setupFailureText(toError(403, { code: 'FEATURE_NOT_AVAILABLE', message: 'This feature requires the Business plan or higher.' }), 'Slack', enT)).toBe('Failed to setup Slack: This feature requires the Business plan or higher.');
    expect(setupFailureText(new ApiError(0, 'NETWORK'), 'Slack', enT)).toBe('Setup failed: Network error. Please check your connection.');
    expect(setupFailureText(failureError({ status: null, body: undefined }), 'Slack', enT)).toBe('Setup failed: An unexpected error occurred');
    expect(setupFailureText(toError(502, { code: 'BAD_GATEWAY', detail: 'upstream closed' } as never), 'Slack', enT)).toBe('Setup failed: upstream closed');
    expect(setupFailureText(toError(500, undefined), 'Slack', fr)).toBe(`La configuration a échoué : ${fr('errors.server')}`);
  });
});

describe('the other outcomes', () => {
  it("reports a test: success, the receiver's error, or the refusal", () => {
    expect(testResultText({ answer: { success: true, error: '' } }, enT)).toEqual({ ok: true, text: 'Integration test successful!' });
    expect(testResultText({ answer: { success: false, error: 'The receiver answered HTTP 500.' } }, enT)).toEqual({ ok: false, text: 'Test failed: The receiver answered HTTP 500.' });
    expect(testResultText({ error: toError(404, { code: 'NOT_FOUND', message: 'Integration not found', message_id: 'integrations.notFound', params: [] }) }, es)).toEqual({ ok: false, text: 'La prueba ha fallado: Integración no encontrada' });
    expect(testResultText({ error: toError(400, { code: 'VALIDATION_FAILED', detail: 'too soon' } as never) }, enT).text).toBe('Test failed: too soon');
  });

  it('reports a removal that failed with the message', () => {
    expect(removeFailureText(new ApiError(0, 'NETWORK'), enT)).toBe('Failed to remove integration: Network error. Please check your connection.');
    expect(en.integrations.remove).toMatchObject({ confirm: 'Are you sure you want to remove this integration?', done: 'Integration removed successfully!' });
    expect(en.integrations.setup.failed).toBe('Failed to setup {{name}}: {{error}}');
    expect(en.integrations.setup.setupFailed).toBe('Setup failed: {{message}}');
    expect(en.integrations.test.failed).toBe('Test failed: {{error}}');
  });
});

describe("the page's calls", () => {
  it('lets only the Owner manage integrations', () => {
    expect(['owner', 'editor', 'commenter', 'viewer'].map((role) => canManageIntegrations({ role: role as never }))).toEqual([true, false, false, false]);
  });

  it('reads the list, the status and the log by path, paging with before', () => {
    expect(integrationPaths.ofUser('u/1')).toBe('/integrations/user/u%2F1');
    expect(integrationPaths.status('i1')).toBe('/integrations/i1/status');
    expect(integrationPaths.deliveries('i1')).toBe('/integrations/i1/deliveries');
    expect(integrationPaths.deliveries('i1', 'd 9')).toBe('/integrations/i1/deliveries?before=d%209');
  });

  it('sends each intent to its route, and refuses anything else', () => {
    expect(integrationWrite({ intent: 'setup', userId: 'u1', type: 'slack', configuration: { webhook_url: 'x' } })).toEqual({ method: 'POST', path: '/integrations/setup', body: { user_id: 'u1', integration_type: 'slack', configuration: { webhook_url: 'x' } } });
    expect(integrationWrite({ intent: 'test', integrationId: 'i1' })).toEqual({ method: 'POST', path: '/integrations/i1/test', body: {} });
    expect(integrationWrite({ intent: 'rotate', integrationId: 'i1' })).toEqual({ method: 'POST', path: '/integrations/i1/rotate-secret', body: {} });
    expect(integrationWrite({ intent: 'remove', integrationId: 'i/1' })).toEqual({ method: 'DELETE', path: '/integrations/i%2F1' });
    expect(integrationWrite({ intent: 'replay', integrationId: 'i1', deliveryId: 'd1' })).toEqual({ method: 'POST', path: '/integrations/i1/deliveries/d1/replay', body: {} });
    for (const ok of [
      { intent: 'setup', userId: 'u', type: 'slack', configuration: {} },
      { intent: 'test', integrationId: 'i' },
      { intent: 'remove', integrationId: 'i' },
      { intent: 'replay', integrationId: 'i', deliveryId: 'd' },
    ]) {
      expect(isIntegrationRequest(ok)).toBe(true);
    }
    for (const bad of [
      null,
      {},
      { intent: 'setup', userId: 'u', type: 'slack', configuration: { n: 1 } },
      { intent: 'setup', userId: 'u', type: 'slack', configuration: [] },
      { intent: 'setup', userId: '', type: 'slack', configuration: {} },
      { intent: 'test', integrationId: '' },
      { intent: 'replay', integrationId: 'i' },
      { intent: 'dropTable', integrationId: 'i' },
    ]) {
      expect(isIntegrationRequest(bad)).toBe(false);
    }
  });

  it('answers what each write brought back for the screen', () => {
    const rotated = { signing_secret: 'whsec_x', previous_valid_until: '2026-12-06T08:00:00.000Z' };
    expect(integrationDone(rotated, { intent: 'rotate', integrationId: 'i' })).toEqual({ setup: null, test: null, rotated });
    expect(integrationDone(undefined, { intent: 'remove', integrationId: 'i' })).toEqual({ setup: null, test: null, rotated: null });
  });
});
