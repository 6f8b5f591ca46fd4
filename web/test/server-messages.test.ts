// Server errors are shown by the catalogue message they name (message_id + params), in the
// interface language; the English resources are the catalogue's own texts.
import { describe, expect, it } from '@jest/globals';
import { BILLING_MESSAGES, SCORM_MESSAGES, TRANSLATION_MESSAGES, TRIAL_MESSAGES } from '@trainwright/catalogue';
import i18n from '../app/i18n/index.js';
import en from '../app/i18n/en.js';
import { toError } from '../app/lib/api.js';
import { errorText, serverErrorText } from '../app/lib/errors.js';

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

  it('shows a message it has no text for as the server sent it, never guessed from English', () => {
    const unknown = toError(400, { code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.unknownPlan('gold'), message_id: 'billing.unknownPlan', params: ['gold'] });
    expect(errorText(unknown, es)).toBe(BILLING_MESSAGES.unknownPlan('gold'));
    // The same English text without an id is not translated from its text.
    const bare = toError(409, { code: 'CONFLICT', message: BILLING_MESSAGES.videoAlreadyPaid });
    expect(serverErrorText(bare, es)).toBe(BILLING_MESSAGES.videoAlreadyPaid);
  });

  it("keeps the English of every server message the catalogue's own", () => {
    for (const [key, text] of Object.entries(en.serverMessages.billing)) expect([key, text]).toEqual([key, BILLING_MESSAGES[key as keyof typeof BILLING_MESSAGES]]);
    for (const [key, text] of Object.entries(en.serverMessages.translation)) expect([key, text]).toEqual([key, TRANSLATION_MESSAGES[key as keyof typeof TRANSLATION_MESSAGES]]);
  });
});
