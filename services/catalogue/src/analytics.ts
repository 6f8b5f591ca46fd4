// Learner analytics (docs/analytics.md): the learning record store's credentials, which a company's
// Owner creates and revokes, and the messages of their refusals.
import { defineMessages } from './messages.js';

/**
 * What an LRS credential may do: the xAPI 1.0.3 authorization scopes (xAPI-Communication.md,
 * "OAuth Authorization Scope"). `all` is the default.
 */
export const LRS_SCOPES = ['statements/write', 'statements/read/mine', 'statements/read', 'state', 'define', 'profile', 'all/read', 'all'] as const;
export type LrsScope = (typeof LRS_SCOPES)[number];

export const LRS_KEY_LIMITS = {
  /** Characters of a credential's name. */
  name: 100,
  /** Credentials a company keeps (revoked ones do not count). */
  perCompany: 50,
} as const;

export const ANALYTICS_MESSAGES = defineMessages('analytics', {
  keyNameRequired: 'Give the credential a name, so you can tell it apart later.',
  keyNameTooLong: (max: number) => `A credential's name can be at most ${max} characters.`,
  unknownScope: (scope: string) => `${scope} is not an xAPI scope.`,
  tooManyKeys: (max: number) => `A company can keep at most ${max} LRS credentials. Revoke one you no longer use first.`,
  keyNotFound: 'LRS credential not found',
});
