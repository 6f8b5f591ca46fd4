// What a chat message says about an event (Slack, Teams, Google Chat): a title, lines of text and
// a link, from the delivery's payload. The webhook receivers (Zapier) get the payload itself.
import type { Outgoing } from './deps.js';

export interface Summary {
  title: string;
  lines: string[];
  link: { url: string; label: string } | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function summaryOf(outgoing: Outgoing): Summary {
  const p = outgoing.payload;
  const url = str(p.url);
  const link = url ? { url, label: 'Open in Trainwright' } : null;
  // The project by its title when known: “Forklift basics” / a project (A project at a sentence's start).
  const titled = str(p.project_title) ? `“${str(p.project_title)}”` : '';
  const project = titled || 'A project';
  const ofProject = titled || 'a project';
  switch (outgoing.event) {
    case 'project.completed':
      return { title: `${project} is ready`, lines: ['Its content and files are ready to review and share.'], link };
    case 'project.failed':
      return { title: `${project} failed`, lines: [str(p.error) || 'Its generation or render failed.'], link };
    case 'render.completed':
      return { title: `The narrated video of ${ofProject} is ready`, lines: [str(p.language) ? `Language: ${str(p.language)}.` : 'It can be downloaded and shared.'], link };
    case 'translation.completed':
      return { title: `${project} is translated into ${str(p.language)}`, lines: [`Translated with ${str(p.engine) || 'the translation engine'}; its files follow.`], link };
    case 'scorm.exported':
      return { title: `A SCORM package of ${ofProject} is ready`, lines: ['It can be downloaded and uploaded to a learning management system.'], link };
    case 'payment.succeeded':
      return { title: 'A payment went through', lines: [`${(Number(p.amount_cents ?? 0) / 100).toFixed(2)} ${str(p.currency).toUpperCase()} for ${str(p.kind).replace('_', ' ')}.`], link };
    case 'member.joined':
      return { title: 'A new member joined the company', lines: [`They joined as ${str(p.role)}.`], link };
    case 'integration.test':
      return { title: 'Trainwright is connected', lines: [str(p.message) || 'This integration receives Trainwright’s events from now on.'], link };
    default:
      return { title: outgoing.event, lines: Object.entries(p).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`), link };
  }
}
