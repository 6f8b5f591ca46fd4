// Server errors are shown by the catalogue message they name (message_id + params), in the
// interface language; the English resources are the catalogue's own texts.
import { describe, expect, it } from '@jest/globals';
import { ANALYTICS_MESSAGES, BILLING_MESSAGES, COMMENT_MESSAGES, INTEGRATION_MESSAGES, LIBRARY_MESSAGES, GENERATION_FAILURES, RENDER_FAILURES, SCORM_MESSAGES, TEAM_MESSAGES, TRANSLATION_MESSAGES, TRIAL_MESSAGES, VIDEO_MESSAGES } from '@trainwright/catalogue';
import i18n from '../app/i18n/index.js';
import en from '../app/i18n/en.js';
import { toError } from '../app/lib/api.js';
import { errorText, failureMessageOf, serverErrorText, storedFailureOf, storedFailureText } from '../app/lib/errors.js';

const es = i18n.getFixedT('es');
const fr = i18n.getFixedT('fr');
const enT = i18n.getFixedT('en');

describe('server messages by id', () => {
  it('reads message_id and params from the error body', () => {
    const error = toError(409, { code: 'CONFLICT', message: BILLING_MESSAGES.videoAlreadyPaid, message_id: 'billing.videoAlreadyPaid', params: [] });
    expect(error.messageRef).toEqual({ id: 'billing.videoAlreadyPaid', params: [] });
    expect(toError(400, { code: 'VALIDATION_FAILED', message: 'x', message_id: 'billing.unknownPlan', params: ['gold', { no: 1 }] }).messageRef?.params).toEqual(['gold']);
  });

  it('translates billing, translation, trial and scorm messages by id', () => {
    const paid = toError(409, { code: 'CONFLICT', message: BILLING_MESSAGES.videoAlreadyPaid, message_id: 'billing.videoAlreadyPaid', params: [] });
    expect(errorText(paid, enT)).toBe(BILLING_MESSAGES.videoAlreadyPaid);
    expect(errorText(paid, es)).toBe('Esta versión del vídeo ya está pagada.');
    expect(errorText(paid, fr)).toBe('Cette version de la vidéo est déjà payée.');
    const edit = toError(409, { code: 'CONFLICT', message: TRANSLATION_MESSAGES.editConflict, message_id: 'translation.editConflict', params: [] });
    expect(serverErrorText(edit, es)).toContain('Esta traducción ha cambiado');
    const trial = toError(403, { code: 'TRIAL_ENDED', message: TRIAL_MESSAGES.ended, message_id: 'trial.ended', params: [] });
    expect(errorText(trial, fr)).toBe(fr('trial.ended'));
    expect(errorText(trial, fr)).not.toBe(TRIAL_MESSAGES.ended);
    const noContent = toError(409, { code: 'CONFLICT', message: SCORM_MESSAGES.noContent, message_id: 'scorm.noContent', params: [] });
    expect(errorText(noContent, es)).toBe(es('scorm.messages.noContent'));
  });

  it('names add-ons, plans and languages in the interface language, and formats numbers for it', () => {
    const addOn = toError(400, { code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.addOnNotAvailable('advanced_analytics', 'professional'), message_id: 'billing.addOnNotAvailable', params: ['advanced_analytics', 'professional'] });
    expect(errorText(addOn, es)).toBe(`El complemento ${es('addOns.advanced_analytics')} no está disponible en el plan Profesional.`);
    expect(errorText(addOn, fr)).toBe(`Le module ${fr('addOns.advanced_analytics')} n'est pas disponible avec l'offre Professionnel.`);
    const plan = toError(403, { code: 'PLAN_LIMIT_REACHED', message: TRANSLATION_MESSAGES.notInPlan('professional', 'de'), message_id: 'translation.notInPlan', params: ['professional', 'de'] });
    expect(errorText(plan, es)).toMatch(/^Tu plan Profesional incluye la traducción a .*español.* y .*\. Mejora tu plan para traducir a alemán\.$/i);
    expect(errorText(plan, fr)).toMatch(/^Votre offre Professionnel comprend la traduction en .*espagnol.*\. Passez à une offre supérieure pour traduire en allemand\.$/i);
    const long = toError(400, { code: 'VALIDATION_FAILED', message: TRANSLATION_MESSAGES.tooLong(200000), message_id: 'translation.tooLong', params: [200000] });
    expect(errorText(long, fr)).toContain('(200\u202f000 caractères)');
  });

  it('translates analytics, library and education messages by id', () => {
    for (const [id, key] of [
      ['analytics.keyNameRequired', 'serverMessages.analytics.keyNameRequired'],
      ['library.textRequired', 'serverMessages.library.textRequired'],
      ['education.fileNotFound', 'serverMessages.education.fileNotFound'],
    ] as const) {
      const error = toError(400, { code: 'VALIDATION_FAILED', message: 'English', message_id: id, params: [] });
      expect(errorText(error, es)).toBe(es(key));
      expect(errorText(error, es)).not.toBe('English');
    }
  });

  it('shows a message it has no text for as the server sent it, never guessed from English', () => {
    const short = BILLING_MESSAGES.videoCreditsShort(500, 900);
    const unknown = toError(402, { code: 'PAYMENT_REQUIRED', message: short, message_id: 'billing.videoCreditsShort', params: [500, 900] });
    expect(errorText(unknown, es)).toBe(short);
    // The same English text without an id is not translated from its text.
    const bare = toError(409, { code: 'CONFLICT', message: BILLING_MESSAGES.videoAlreadyPaid });
    expect(serverErrorText(bare, es)).toBe(BILLING_MESSAGES.videoAlreadyPaid);
  });

  it("keeps the English of every server message the catalogue's own, parameters filled in", () => {
    // Parameters of each message that takes them, as the services send them.
    const samples: Record<string, Array<string | number>> = {
      unknownPlan: ['gold'],
      unknownInterval: ['week'],
      unknownAddOn: ['turbo'],
      addOnNotAvailable: ['advanced_analytics', 'professional'],
      addOnAlreadyActive: ['enhanced_ai_agent'],
      addOnNotConfirmed: ['advanced_video_processing'],
      addOnAmountChanged: ['advanced_analytics'],
      addOnNotActive: ['enhanced_ai_agent'],
      videoFormat: ['avi'],
      tooManyLanguages: [5],
      unknownLanguage: ['xx'],
      alreadyPrimary: ['fr'],
      notInPlan: ['professional', 'de'],
      primaryNeedsTranslation: ['es'],
      primaryStale: ['es'],
      notCompleted: ['fr'],
      tooLong: [200000],
      xliffOutdated: ['s3-p2'],
      noTranslation: ['de'],
      tooManyPages: [30000, 1000],
      seatsFull: [3, 'business'],
      bodyTooLong: [5000],
      tooManyMentions: [10],
      tooManyThreads: [500],
      tooManyReplies: [200],
      tooManySlides: [400, 300],
      readTimeLimit: [20],
      readMemoryLimit: [512],
      generationTimeLimit: [120],
      generationMemoryLimit: [512],
      grounded: [3],
      keyNameTooLong: [100],
      unknownScope: ['statements/delete'],
      tooManyKeys: [50],
      unknownType: ['fax'],
      missingFields: ['webhook_url, api_key'],
      unknownField: ['color', 'slack'],
      fieldTooLong: ['api_key', 500],
      notUrl: ['webhook_url'],
      tooMany: [20],
      disabledAfterFailures: [5],
      testFailed: ['The receiver answered HTTP 500.'],
      notAvailableYet: ['Microsoft Teams'],
      apiKeyTooShort: [16],
      unknownEvent: ['project.deleted'],
      tooManyHooks: [50],
    };
    const check = (ns: string, table: Record<string, unknown>, keys: string[]) => {
      for (const key of keys) {
        const message = table[key];
        const params = samples[key] ?? [];
        const english = typeof message === 'function' ? (message as (...args: unknown[]) => string)(...params) : message;
        const error = toError(400, { code: 'VALIDATION_FAILED', message: String(english), message_id: `${ns}.${key}`, params });
        expect([key, errorText(error, enT)]).toEqual([key, english]);
        if (typeof message === 'function') expect(samples[key]).toBeDefined();
      }
    };
    check('billing', BILLING_MESSAGES, Object.keys(en.serverMessages.billing));
    check('translation', TRANSLATION_MESSAGES, Object.keys(en.serverMessages.translation));
    check('video', VIDEO_MESSAGES, Object.keys(en.serverMessages.video));
    check('generation', GENERATION_FAILURES, Object.keys(en.serverMessages.generation));
    check('render', RENDER_FAILURES, Object.keys(en.serverMessages.render));
    check('team', TEAM_MESSAGES, Object.keys(en.serverMessages.team));
    check('comments', COMMENT_MESSAGES, Object.keys(en.serverMessages.comments));
    check('library', LIBRARY_MESSAGES, Object.keys(en.serverMessages.library));
    check('analytics', ANALYTICS_MESSAGES, Object.keys(en.serverMessages.analytics));
    check('integrations', INTEGRATION_MESSAGES, Object.keys(en.serverMessages.integrations));
  });

  it('translates the integration hub messages by id, the fields and values as sent', () => {
    const missing = toError(400, { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.missingFields('api_key'), message_id: 'integrations.missingFields', params: ['api_key'], detail: { field: 'api_key', fields: ['api_key'] } });
    expect(errorText(missing, enT)).toBe('Fill in the required fields: api_key.');
    expect(errorText(missing, es)).toBe('Rellena los campos obligatorios: api_key.');
    expect(errorText(missing, fr)).toBe('Remplissez les champs obligatoires : api_key.');
    const gone = toError(409, { code: 'CONFLICT', message: INTEGRATION_MESSAGES.receiverGone, message_id: 'integrations.receiverGone', params: [] });
    expect(errorText(gone, es)).toBe('El receptor respondió 410 Gone: ya no existe, así que la integración se ha pausado.');
    const many = toError(403, { code: 'PLAN_LIMIT_REACHED', message: INTEGRATION_MESSAGES.tooMany(20), message_id: 'integrations.tooMany', params: [20] });
    expect(errorText(many, fr)).toBe("Une entreprise peut garder au plus 20 intégrations. Supprimez d'abord celle que vous n'utilisez plus.");
    const long = toError(400, { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.fieldTooLong('webhook_url', 2048), message_id: 'integrations.fieldTooLong', params: ['webhook_url', 2048] });
    expect(errorText(long, fr)).toBe('webhook_url peut compter au plus 2\u202f048 caractères.');
    const teams = toError(400, { code: 'VALIDATION_FAILED', message: INTEGRATION_MESSAGES.notAvailableYet('Microsoft Teams'), message_id: 'integrations.notAvailableYet', params: ['Microsoft Teams'] });
    expect(errorText(teams, es)).toBe('Todavía no se pueden configurar integraciones de Microsoft Teams.');
    // A paused integration's reason, as its row keeps it (status_message_id + status_params).
    expect(storedFailureText({ error: INTEGRATION_MESSAGES.testFailed('The receiver answered HTTP 500.'), error_message_id: 'integrations.testFailed', error_params: ['The receiver answered HTTP 500.'] }, fr)).toBe('Le test a échoué : The receiver answered HTTP 500.');
  });
});

describe('stored failures by id', () => {
  it('shows a failure a row keeps by its message id and params, and a text of its own as stored', () => {
    const tooLong = { error: TRANSLATION_MESSAGES.tooLong(500000), error_message_id: 'translation.tooLong', error_params: [500000] };
    expect(storedFailureText(tooLong, enT)).toBe(TRANSLATION_MESSAGES.tooLong(500000));
    expect(storedFailureText(tooLong, fr)).toContain('500');
    expect(storedFailureText(tooLong, fr)).not.toBe(TRANSLATION_MESSAGES.tooLong(500000));
    expect(storedFailureText({ error: TRIAL_MESSAGES.expired, error_message_id: 'trial.expired', error_params: [] }, es)).toBe(es('trial.expired'));
    const noTranslation = { error: VIDEO_MESSAGES.noTranslation('de'), error_message_id: 'video.noTranslation', error_params: ['de'] };
    expect(storedFailureText(noTranslation, es)).toMatch(/^El proyecto no tiene ninguna traducción completada al alemán, así que su vídeo narrado no se ha generado\. Se reembolsa el pago\.$/i);
    expect(storedFailureText(noTranslation, fr)).toMatch(/ en allemand : /i);
    const scorm = { error: SCORM_MESSAGES.noTranslation('fr'), error_message_id: 'scorm.noTranslation', error_params: ['fr'] };
    expect(storedFailureText(scorm, enT)).toBe(SCORM_MESSAGES.noTranslation('fr'));
    expect(storedFailureText(scorm, es)).toMatch(/^Este proyecto no tiene ninguna traducción completada al francés\. Tradúcelo primero\.$/i);
    const pages = { error: GENERATION_FAILURES.tooManyPages(30000, 1000), error_message_id: 'generation.tooManyPages', error_params: [30000, 1000] };
    expect(storedFailureText(pages, fr)).toMatch(/^Le document compte 30\s000 pages, au-delà de la limite de 1\s000 pages\./);
    expect(storedFailureText({ error: 'The AI model could not be reached.' }, es)).toBe('The AI model could not be reached.');
    expect(storedFailureText({ error: '' }, es)).toBeNull();
    expect(storedFailureText({ error: null }, es)).toBeNull();
  });

  it('reads the message of an answer or an event, ignoring what is not one', () => {
    expect(storedFailureOf({ error: 'x', error_message_id: 'scorm.failed', error_params: ['a', 3, { no: 1 }] })).toEqual({ error: 'x', error_message_id: 'scorm.failed', error_params: ['a', 3] });
    expect(storedFailureOf({ error: 'x', error_message_id: '', error_params: ['a'] })).toEqual({ error: 'x', error_message_id: undefined, error_params: undefined });
    expect(failureMessageOf({ error_message_id: 'trial.ended' })).toEqual({ error_message_id: 'trial.ended', error_params: [] });
    expect(storedFailureOf({})).toEqual({ error: '' });
  });
});
