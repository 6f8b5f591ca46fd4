// Inputs the sandbox tests share.
// A PDF of many short pages, written directly (pdf-lib's page tree makes 30,000 pages take half a
// minute; this takes milliseconds): one shared font, one small content stream per page.
export function manyPagesPdf(pages: number): Buffer {
  const parts: string[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (text: string): void => {
    parts.push(text);
    length += Buffer.byteLength(text, 'latin1');
  };
  const object = (id: number, body: string): void => {
    offsets[id] = length;
    write(`${id} 0 obj\n${body}\nendobj\n`);
  };
  write('%PDF-1.4\n');
  const pageId = (i: number): number => 4 + 2 * i;
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${pageId(i)} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 9 Tf 20 100 Td (Page ${i + 1}: wear gloves when handling the samples.) Tj ET`;
    object(pageId(i), `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`);
    object(pageId(i) + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  const count = pageId(pages);
  const xref = length;
  write(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let id = 1; id < count; id++) write(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

/** A two-scene script in the script format, small enough for every sandbox test. */
export const GLOVES_SCRIPT = [
  'SCENE 1: Why gloves matter',
  'NARRATOR: Gloves keep samples clean and hands safe. Change them between samples.',
  '',
  'SCENE 2: Taking gloves off',
  'NARRATOR: Peel each glove inside out and throw it in the yellow bin.',
].join('\n');
