// A ticket's two emails: to the operator (English, with the person and their words, reply-to them)
// and the confirmation to the person in their language. Text and HTML parts; what people typed is
// escaped in the HTML.
import { interfaceLanguageOf, type SupportCategory } from '@trainwright/catalogue';
import { emailHtml } from '../email-html.js';
import type { MailMessage } from '../members/deps.js';

const CONFIRMATION = {
  en: {
    subject: (ref: string) => `We received your request (${ref})`,
    body: (name: string, subject: string) => [`Hello ${name},`, '', `We received your request "${subject}" and will answer by email.`, 'You can reply to this email to add anything.', '', 'Trainwright support'],
  },
  es: {
    subject: (ref: string) => `Hemos recibido tu solicitud (${ref})`,
    body: (name: string, subject: string) => [`Hola, ${name}:`, '', `Hemos recibido tu solicitud «${subject}» y te responderemos por correo.`, 'Puedes responder a este correo para añadir lo que quieras.', '', 'Soporte de Trainwright'],
  },
  fr: {
    subject: (ref: string) => `Nous avons bien reçu votre demande (${ref})`,
    body: (name: string, subject: string) => [`Bonjour ${name},`, '', `Nous avons bien reçu votre demande « ${subject} » et vous répondrons par e-mail.`, 'Vous pouvez répondre à cet e-mail pour ajouter des précisions.', '', "L'assistance Trainwright"],
  },
};

const html = (lines: string[], language = '') => emailHtml(language, lines.map((text) => ({ text })));

/** The ticket's short reference in emails and on the page. */
export function ticketRef(id: string): string {
  return `T-${id.slice(0, 8).toUpperCase()}`;
}

export function operatorEmail(input: { to: string; ticketId: string; category: SupportCategory; subject: string; message: string; name: string; email: string; userId: string }): MailMessage & { replyTo: string } {
  const lines = [`Ticket ${ticketRef(input.ticketId)} (${input.category})`, `From: ${input.name} <${input.email}> (user ${input.userId})`, `Subject: ${input.subject}`, '', ...input.message.split('\n')];
  return { to: input.to, replyTo: input.email, subject: `[${ticketRef(input.ticketId)}] ${input.subject}`, text: lines.join('\n'), html: html(lines) };
}

export function confirmationEmail(input: { to: string; ticketId: string; subject: string; name: string; language: string }): MailMessage {
  const words = CONFIRMATION[interfaceLanguageOf(input.language)];
  const lines = words.body(input.name, input.subject);
  return { to: input.to, subject: words.subject(ticketRef(input.ticketId)), text: lines.join('\n'), html: html(lines, interfaceLanguageOf(input.language)) };
}
