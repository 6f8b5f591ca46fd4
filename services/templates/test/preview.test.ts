import { BUILTIN_TEMPLATES, LAYOUTS, getBuiltinTemplate, templatePreviewDataUri, templatePreviewSvg, type PreviewSource } from '../src/index.js';

const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

/**
 * A minimal well-formedness check: one root, every '<' starts a tag, tags balance, attributes are
 * quoted and unique, and every '&' starts an entity. Returns the problems found (none when fine).
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const checkAmp = (text: string, where: string) => {
    for (let i = text.indexOf('&'); i !== -1; i = text.indexOf('&', i + 1)) {
      if (!ENTITY.test(text.slice(i))) problems.push(`bare & in ${where}`);
    }
  };
  const tag = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*="[^"<]*")*)\s*(\/?)>/;
  let pos = 0;
  let roots = 0;
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const text = xml.slice(pos, lt === -1 ? xml.length : lt);
    if (text.includes('>')) problems.push(`bare > in text "${text}"`);
    checkAmp(text, 'text');
    if (text.trim() && stack.length === 0) problems.push('text outside the root');
    if (lt === -1) break;
    const m = tag.exec(xml.slice(lt));
    if (!m) {
      problems.push(`malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
      break;
    }
    const [whole, closing, name, attrs, selfClosing] = m;
    const attrNames = [...attrs!.matchAll(/([A-Za-z][\w:.-]*)="([^"]*)"/g)].map((a) => {
      checkAmp(a[2]!, `attribute ${a[1]}`);
      return a[1]!;
    });
    if (new Set(attrNames).size !== attrNames.length) problems.push(`duplicate attribute in <${name}>`);
    if (closing) {
      if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name!);
    }
    pos = lt + whole!.length;
  }
  if (stack.length) problems.push(`unclosed ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

const base = getBuiltinTemplate('business-employee-onboarding')!;
const withName = (name: string): PreviewSource => ({ ...base, name });

describe('templatePreviewSvg', () => {
  it('should have a checker that catches broken XML', () => {
    expect(xmlProblems('<svg><g></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><text>a < b</text></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg><text>R&D</text></svg>')).not.toEqual([]);
    expect(xmlProblems('<svg a="1" a="2"/>')).not.toEqual([]);
    expect(xmlProblems('<svg/><svg/>')).not.toEqual([]);
    expect(xmlProblems('<svg x="1"><text>R&amp;D &lt;3</text><g/></svg>')).toEqual([]);
  });

  it('should draw a well-formed 320x180 SVG for every built-in template', () => {
    for (const t of BUILTIN_TEMPLATES) {
      const svg = templatePreviewSvg(t);
      expect(xmlProblems(svg)).toEqual([]);
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"')).toBe(true);
      expect(svg).toContain(`<title>${t.name.replace('&', '&amp;')}</title>`);
      expect(svg).toContain(`fill="${t.colorScheme.background}"`);
      expect(svg).toContain(`fill="${t.colorScheme.text}"`);
      expect(svg).toContain(t.colorScheme.primary);
    }
  });

  it('should draw each template differently', () => {
    expect(new Set(BUILTIN_TEMPLATES.map((t) => templatePreviewSvg(t))).size).toBe(BUILTIN_TEMPLATES.length);
    expect(new Set(LAYOUTS.map((layout) => templatePreviewSvg({ ...base, layout }))).size).toBe(LAYOUTS.length);
  });

  it('should escape the name, so a template named <script> stays text', () => {
    const svg = templatePreviewSvg(withName('<script>'));
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).not.toContain('<script');
    expect(xmlProblems(svg)).toEqual([]);
  });

  it('should escape quotes and ampersands in attributes and text', () => {
    const svg = templatePreviewSvg(withName(`R&D "Q4" it's <b>`));
    expect(svg).toContain('aria-label="R&amp;D &quot;Q4&quot; it&apos;s &lt;b&gt;"');
    expect(xmlProblems(svg)).toEqual([]);
  });

  it('should stay well-formed with characters XML forbids in unvalidated names', () => {
    const svg = templatePreviewSvg(withName('Bad\u0000\u0008 name \ud800 here\uffff'));
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).not.toMatch(/[\u0000\u0008\uffff]/);
    expect(svg).toContain('<title>Bad name  here</title>');
  });

  it('should never insert an unvalidated colour or font as markup', () => {
    const evil = {
      ...base,
      colorScheme: { ...base.colorScheme, primary: '"/><script>alert(1)</script>' },
      fonts: { heading: `x"/><script>`, body: 'Noto Sans' },
    } as unknown as PreviewSource;
    const svg = templatePreviewSvg(evil);
    expect(svg).not.toContain('<script');
    expect(xmlProblems(svg)).toEqual([]);
  });

  it('should wrap a long name on at most two lines and mark the cut', () => {
    const svg = templatePreviewSvg(withName('A remarkably long template name that keeps going well past any reasonable width for a card'));
    expect(svg.match(/<tspan /g)).toHaveLength(2);
    expect(svg).toMatch(/…<\/tspan><\/text>/);
    const short = templatePreviewSvg(withName('Short'));
    expect(short.match(/<tspan /g)).toHaveLength(1);
    expect(short).not.toContain('…');
  });

  it('should draw the design elements', () => {
    const design = (d: object) => templatePreviewSvg({ ...getBuiltinTemplate('design-nordic-minimal')!, ...{ designElements: { type: 'minimal', sidebarPattern: 'none', borderStyle: 'none', backgroundType: 'solid', ...d } } } as PreviewSource);
    expect(design({ backgroundType: 'gradient' })).toContain('<linearGradient id="bg"');
    expect(design({ backgroundType: 'pattern' })).toContain('<pattern id="bg"');
    expect(design({ sidebarPattern: 'stripes' })).toContain('<pattern id="strip"');
    expect(design({ sidebarPattern: 'solid' })).not.toContain('<pattern');
    expect(design({ borderStyle: 'rounded' })).toContain('rx="14"');
    expect(design({ borderStyle: 'accent-bar' })).toContain(`y="172" width="320" height="8" fill="#b08968"`);
    expect(design({})).not.toContain('<defs>');
  });

  it('should make a data URI that decodes back to the SVG', () => {
    const uri = templatePreviewDataUri(withName('Café & <Co>'));
    expect(uri.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(uri).not.toMatch(/[<>"#\s]/);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml;charset=utf-8,'.length))).toBe(templatePreviewSvg(withName('Café & <Co>')));
  });
});
