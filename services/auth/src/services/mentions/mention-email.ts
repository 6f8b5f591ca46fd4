// The email to a member a comment mentions, in their language: who mentioned them on which
// project, the start of the comment and a link to it. Text and HTML parts; what people typed is
// escaped in the HTML.
import escapeHtml from 'escape-html';
import type { InterfaceLanguage } from '@trainwright/catalogue';
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
  const e = escapeHtml;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${e(w.greeting(input.name))}</p>`,
    `<p>${e(w.body(input.authorName, input.projectTitle))}</p>`,
    `<blockquote style="margin:0 0 1em;padding:8px 12px;border-left:3px solid #c7d2fe;color:#334155;white-space:pre-line">${e(quote)}</blockquote>`,
    `<p><a href="${e(input.url)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${e(w.action)}</a></p>`,
    `<p style="color:#64748b;font-size:13px">${e(w.settings)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: w.subject(input.authorName, input.projectTitle), text, html };
}
