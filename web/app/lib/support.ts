// Support tickets (docs/teams.md, "Support"): the shape, and the write of the support page's action.
import { SUPPORT_CATEGORIES, isInterfaceLanguage, type InterfaceLanguage, type SupportCategory } from '@trainwright/catalogue';

export interface SupportTicket {
  id: string;
  /** T-XXXXXXXX, as the emails name it. */
  reference: string;
  category: SupportCategory;
  subject: string;
  message: string;
  created_at: string;
}

export type SupportRequest = { intent: 'submit'; category: SupportCategory; subject: string; message: string; language: InterfaceLanguage };

export function isSupportRequest(value: unknown): value is SupportRequest {
  const r = value as Partial<Record<string, unknown>> | null;
  return (
    !!r &&
    r.intent === 'submit' &&
    (SUPPORT_CATEGORIES as readonly unknown[]).includes(r.category) &&
    typeof r.subject === 'string' &&
    typeof r.message === 'string' &&
    isInterfaceLanguage(r.language)
  );
}

export function supportWrite(request: SupportRequest): { method: 'POST'; path: string; body: object } {
  return { method: 'POST', path: '/support/tickets', body: { category: request.category, subject: request.subject, message: request.message, language: request.language } };
}
