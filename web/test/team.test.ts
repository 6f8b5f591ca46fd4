// The team page's pure rules (lib/team.ts): the writes each intent sends, what the action accepts,
// seats and expiry, and the email's language.
import { describe, expect, it } from '@jest/globals';
import { interfaceLanguageOf as emailLanguageOf } from '@trainwright/catalogue';
import { canManageTeam, isExpired, isTeamRequest, seatsLeft, teamWrite } from '../app/lib/team.js';

describe('team writes', () => {
  it('should send each intent to its route with its body', () => {
    expect(teamWrite({ intent: 'invite', companyId: 'c 1', email: '  ann@example.com ', role: 'viewer', language: 'fr' })).toEqual({
      method: 'POST',
      path: '/companies/c%201/invitations',
      body: { email: 'ann@example.com', role: 'viewer', language: 'fr' },
    });
    expect(teamWrite({ intent: 'resend', companyId: 'c', invitationId: 'i/1', language: 'en' })).toEqual({ method: 'POST', path: '/companies/c/invitations/i%2F1/resend', body: { language: 'en' } });
    expect(teamWrite({ intent: 'revoke', companyId: 'c', invitationId: 'i' })).toEqual({ method: 'DELETE', path: '/companies/c/invitations/i' });
    expect(teamWrite({ intent: 'changeRole', companyId: 'c', userId: 'u', role: 'editor' })).toEqual({ method: 'PATCH', path: '/companies/c/members/u', body: { role: 'editor' } });
    expect(teamWrite({ intent: 'remove', companyId: 'c', userId: 'u' })).toEqual({ method: 'DELETE', path: '/companies/c/members/u' });
    expect(teamWrite({ intent: 'transfer', companyId: 'c', userId: 'u' })).toEqual({ method: 'POST', path: '/companies/c/transfer-ownership', body: { user_id: 'u' } });
  });

  it('should accept only well-formed requests', () => {
    expect(isTeamRequest({ intent: 'invite', companyId: 'c', email: 'a@b.co', role: 'editor', language: 'es' })).toBe(true);
    expect(isTeamRequest({ intent: 'invite', companyId: 'c', email: 'a@b.co', role: 'owner', language: 'es' })).toBe(false);
    expect(isTeamRequest({ intent: 'invite', companyId: 'c', email: 'a@b.co', role: 'editor', language: 'de' })).toBe(false);
    expect(isTeamRequest({ intent: 'changeRole', companyId: 'c', userId: 'u', role: 'owner' })).toBe(false);
    expect(isTeamRequest({ intent: 'remove', companyId: 'c', userId: '' })).toBe(false);
    expect(isTeamRequest({ intent: 'transfer', companyId: '', userId: 'u' })).toBe(false);
    expect(isTeamRequest({ intent: 'drop', companyId: 'c' })).toBe(false);
    expect(isTeamRequest(null)).toBe(false);
  });
});

describe('seats and invitations', () => {
  it('should count the seats left, none for a full plan and all without a limit', () => {
    expect(seatsLeft({ used: 2, limit: 3 })).toBe(1);
    expect(seatsLeft({ used: 3, limit: 3 })).toBe(0);
    expect(seatsLeft({ used: 4, limit: 1 })).toBe(0);
    expect(seatsLeft({ used: 40, limit: -1 })).toBe(Number.POSITIVE_INFINITY);
  });

  it('should tell an expired invitation, and who manages the team', () => {
    expect(isExpired({ expires_at: '2026-01-01T00:00:00.000Z' }, Date.parse('2026-01-02T00:00:00Z'))).toBe(true);
    expect(isExpired({ expires_at: '2026-01-03T00:00:00.000Z' }, Date.parse('2026-01-02T00:00:00Z'))).toBe(false);
    expect(canManageTeam('owner')).toBe(true);
    expect(canManageTeam('editor')).toBe(false);
    expect(canManageTeam(null)).toBe(false);
  });

  it("should write the email in the interface language, English for any other", () => {
    expect(emailLanguageOf('es')).toBe('es');
    expect(emailLanguageOf('fr-CA')).toBe('fr');
    expect(emailLanguageOf('de')).toBe('en');
  });
});
