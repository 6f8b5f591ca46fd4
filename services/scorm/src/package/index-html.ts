// index.html, the SCO's launch page: a shell that loads the course data and the player, which
// builds the page with textContent (course text never becomes markup).
import { PACKAGE_FILES } from './package-plan.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

export function indexHtml(course: { title: string; language: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(course.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(course.title)}</title>
<link rel="stylesheet" href="${PACKAGE_FILES.style}">
<link rel="stylesheet" href="${PACKAGE_FILES.theme}">
</head>
<body>
<div id="tw-player" class="tw-player" data-testid="player">
<noscript><p>This course needs JavaScript to run.</p></noscript>
</div>
<script src="${PACKAGE_FILES.course}"></script>
<script src="${PACKAGE_FILES.script}"></script>
</body>
</html>
`;
}
