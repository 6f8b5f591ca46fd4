// Support tickets (docs/teams.md, "Support"): what a ticket is about, its limits and messages.
import { defineMessages } from './messages.js';

export const SUPPORT_CATEGORIES = ['question', 'problem', 'billing', 'feature'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_LIMITS = { subject: 200, message: 5000, perDay: 20 } as const;

export const SUPPORT_MESSAGES = defineMessages('support', {
  subjectRequired: 'Write a subject.',
  messageRequired: 'Describe what you need.',
  tooLong: (field: string, max: number) => `The ${field} can be at most ${max.toLocaleString('en-US')} characters.`,
  categoryInvalid: 'Choose what the ticket is about: a question, a problem, billing or a feature request.',
  tooMany: (max: number) => `You have sent ${max} tickets today. We answer every one; please wait for our reply.`,
} as const);
