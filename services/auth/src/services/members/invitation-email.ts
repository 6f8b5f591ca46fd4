// The invitation email in the recipient's language (the inviter picks it; English by default): a
// text part and an HTML part with the same words and the one link. Names a user typed are escaped
// in the HTML part.
import type { InterfaceLanguage, InvitableRole } from '@trainwright/catalogue';
import { emailHtml } from '../email-html.js';
import type { MailMessage } from './deps.js';

interface Words {
  subject: (inviter: string, company: string) => string;
  greeting: string;
  body: (inviter: string, company: string, role: string) => string;
  roles: Record<InvitableRole, string>;
  action: string;
  expiry: (date: string) => string;
  ignore: string;
  locale: string;
}

const WORDS: Record<InterfaceLanguage, Words> = {
  en: {
    subject: (inviter, company) => `${inviter} invited you to ${company} on Trainwright`,
    greeting: 'Hello,',
    body: (inviter, company, role) => `${inviter} invited you to join ${company} on Trainwright as ${role}.`,
    roles: { editor: 'an Editor', commenter: 'a Commenter', viewer: 'a Viewer' },
    action: 'Accept the invitation',
    expiry: (date) => `The link works once, until ${date}.`,
    ignore: 'If you did not expect this invitation, you can ignore this email.',
    locale: 'en-GB',
  },
  es: {
    subject: (inviter, company) => `${inviter} te ha invitado a ${company} en Trainwright`,
    greeting: 'Hola:',
    body: (inviter, company, role) => `${inviter} te ha invitado a unirte a ${company} en Trainwright como ${role}.`,
    roles: { editor: 'editor', commenter: 'comentarista', viewer: 'lector' },
    action: 'Aceptar la invitación',
    expiry: (date) => `El enlace funciona una sola vez, hasta el ${date}.`,
    ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
    locale: 'es-ES',
  },
  fr: {
    subject: (inviter, company) => `${inviter} vous invite à rejoindre ${company} sur Trainwright`,
    greeting: 'Bonjour,',
    body: (inviter, company, role) => `${inviter} vous invite à rejoindre ${company} sur Trainwright en tant que ${role}.`,
    roles: { editor: 'éditeur', commenter: 'commentateur', viewer: 'lecteur' },
    action: "Accepter l'invitation",
    expiry: (date) => `Le lien fonctionne une seule fois, jusqu'au ${date}.`,
    ignore: "Si vous n'attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
    locale: 'fr-FR',
  },
};

export function invitationEmail(input: {
  to: string;
  inviterName: string;
  companyName: string;
  role: InvitableRole;
  url: string;
  expiresAt: Date;
  language: InterfaceLanguage;
}): MailMessage {
  const w = WORDS[input.language];
  const date = new Intl.DateTimeFormat(w.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(input.expiresAt);
  const role = w.roles[input.role];
  const text = [w.greeting, '', w.body(input.inviterName, input.companyName, role), '', `${w.action}: ${input.url}`, '', w.expiry(date), w.ignore, ''].join('\n');
  const html = emailHtml(input.language, [
    { text: w.greeting },
    { text: w.body(input.inviterName, input.companyName, role) },
    { action: { url: input.url, label: w.action } },
    { text: w.expiry(date) },
    { text: w.ignore },
  ]);
  return { to: input.to, subject: w.subject(input.inviterName, input.companyName), text, html };
}
