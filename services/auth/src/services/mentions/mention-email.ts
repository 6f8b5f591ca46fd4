// The email to a member a comment mentions, in their language: who mentioned them on which
// project, the start of the comment and a link to it. Text and HTML parts; what people typed is
// escaped in the HTML.
import type { InterfaceLanguage } from '@trainwright/catalogue';
import { emailHtml } from '../email-html.js';
import type { MailMessage } from '../members/deps.js';

interface Words {
  subject: (author: string, project: string) => string;
  greeting: (name: string) => string;
  body: (author: string, project: string) => string;
  action: string;
  settings: string;
}

const WORDS: Record<InterfaceLanguage, Words> = {
  en: {
    subject: (author, project) => `${author} mentioned you on "${project}"`,
    greeting: (name) => `Hello ${name},`,
    body: (author, project) => `${author} mentioned you in a comment on the project "${project}":`,
    action: 'Open the comments',
    settings: 'You receive this email because project updates are on in your profile settings.',
  },
  es: {
    subject: (author, project) => `${author} te ha mencionado en «${project}»`,
    greeting: (name) => `Hola, ${name}:`,
    body: (author, project) => `${author} te ha mencionado en un comentario del proyecto «${project}»:`,
    action: 'Abrir los comentarios',
    settings: 'Recibes este correo porque las actualizaciones de proyectos están activadas en tu perfil.',
  },
  fr: {
    subject: (author, project) => `${author} vous a mentionné dans « ${project} »`,
    greeting: (name) => `Bonjour ${name},`,
    body: (author, project) => `${author} vous a mentionné dans un commentaire du projet « ${project} » :`,
    action: 'Ouvrir les commentaires',
    settings: 'Vous recevez cet e-mail car les mises à jour des projets sont activées dans votre profil.',
  },
};

export function mentionEmail(input: { to: string; name: string; language: InterfaceLanguage; authorName: string; projectTitle: string; excerpt: string; url: string }): MailMessage {
  const w = WORDS[input.language];
  const quote = input.excerpt.trim();
  const text = [w.greeting(input.name), '', w.body(input.authorName, input.projectTitle), '', ...quote.split('\n').map((l) => `> ${l}`), '', `${w.action}: ${input.url}`, '', w.settings, ''].join('\n');
  const html = emailHtml(input.language, [
    { text: w.greeting(input.name) },
    { text: w.body(input.authorName, input.projectTitle) },
    { quote },
    { action: { url: input.url, label: w.action } },
    { note: w.settings },
  ]);
  return { to: input.to, subject: w.subject(input.authorName, input.projectTitle), text, html };
}
