// The HTML part every email of ours shares: one document in the recipient's language, paragraphs
// of text escaped (what people typed is never markup), a quote and the one action button.
import escapeHtml from 'escape-html';

export type EmailBlock = { text: string } | { quote: string } | { action: { url: string; label: string } } | { note: string };

function block(b: EmailBlock): string {
  const e = escapeHtml;
  if ('text' in b) return `<p>${e(b.text)}</p>`;
  if ('quote' in b) return `<blockquote style="margin:0 0 1em;padding:8px 12px;border-left:3px solid #c7d2fe;color:#334155;white-space:pre-line">${e(b.quote)}</blockquote>`;
  if ('action' in b) return `<p><a href="${e(b.action.url)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${e(b.action.label)}</a></p>`;
  return `<p style="color:#64748b;font-size:13px">${e(b.note)}</p>`;
}

/** `language`: the html element's lang ('' leaves it out). Empty text blocks are left out. */
export function emailHtml(language: string, blocks: EmailBlock[]): string {
  const lang = language ? ` lang="${escapeHtml(language)}"` : '';
  const body = blocks.filter((b) => !('text' in b) || b.text !== '').map(block);
  return [`<!doctype html><html${lang}><body style="font-family:sans-serif;line-height:1.5">`, ...body, '</body></html>'].join('\n');
}
