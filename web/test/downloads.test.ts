// Downloads (lib/downloads.ts): the file name from Content-Disposition, the choices 1 to 6 and
// which are disabled, the checks before a download, the streamed GET with its progress, time
// limit and errors, and the texts of part 1 section 8 (success with the size in the interface
// language).
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import i18n from '../app/i18n/index.js';
import { ApiError, NETWORK_ERROR, TimeoutError } from '../app/lib/api.js';
import {
  downloadBlock,
  downloadChoices,
  downloadCompleteText,
  downloadErrorText,
  downloadFileName,
  downloadFormatForChoice,
  downloadProjectFile,
  fileNameFromContentDisposition,
  type DownloadProgress,
} from '../app/lib/downloads.js';

const en = i18n.getFixedT('en');
const fr = i18n.getFixedT('fr');

describe('file name from Content-Disposition', () => {
  it('prefers filename* (UTF-8) over the ASCII filename', () => {
    // What the gateway's content-disposition package writes for a non-ASCII title.
    expect(fileNameFromContentDisposition(`attachment; filename="Caf? a Paris.pptx"; filename*=UTF-8''Caf%C3%A9%20%C3%A0%20Paris.pptx`)).toBe(
      'Café à Paris.pptx',
    );
    expect(fileNameFromContentDisposition(`attachment; filename*=utf-8'en'%E2%82%AC%20rates.pdf; filename="EUR rates.pdf"`)).toBe('€ rates.pdf');
    expect(fileNameFromContentDisposition(`attachment; filename*=iso-8859-1'en'%A3%20rates.txt`)).toBe('£ rates.txt');
  });

  it('reads a quoted filename with escapes and semicolons, and a bare token', () => {
    expect(fileNameFromContentDisposition('attachment; filename="Welcome Training.pptx"')).toBe('Welcome Training.pptx');
    expect(fileNameFromContentDisposition('attachment; filename="Q&A \\"final\\"; v2.docx"')).toBe('Q&A "final"; v2.docx');
    expect(fileNameFromContentDisposition('attachment;filename=report.pdf')).toBe('report.pdf');
    expect(fileNameFromContentDisposition('ATTACHMENT; FILENAME = "Upper.txt"')).toBe('Upper.txt');
  });

  it('falls back to filename when filename* is malformed, and never keeps folders', () => {
    expect(fileNameFromContentDisposition(`attachment; filename*=%E2%82%AC.pdf; filename="plain.pdf"`)).toBe('plain.pdf');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E2%82.pdf; filename="plain.pdf"`)).toBe('plain.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\Users\\\\a\\\\deck.pptx"')).toBe('deck.pptx');
    expect(fileNameFromContentDisposition('attachment; filename=".."')).toBeNull();
  });

  it('gives null without a usable name, and the download_{timestamp}.{format} fallback', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    const now = new Date(1_700_000_000_000);
    expect(downloadFileName(null, 'mp4', now)).toBe('download_1700000000000.mp4');
    expect(downloadFileName('inline', 'txt', now)).toBe('download_1700000000000.txt');
    expect(downloadFileName('attachment; filename="Deck.pptx"', 'pptx', now)).toBe('Deck.pptx');
  });
});

describe('download choices', () => {
  it('maps 1 to 6 onto pptx, mp4, mov, pdf, docx, txt and ignores anything else', () => {
    expect([1, 2, 3, 4, 5, 6].map(downloadFormatForChoice)).toEqual(['pptx', 'mp4', 'mov', 'pdf', 'docx', 'txt']);
    expect(downloadFormatForChoice(' 3 ')).toBe('mov');
    for (const other of ['0', '7', '12', '1.0', 'a', '', '-1', null, undefined, 2.5, {}]) expect(downloadFormatForChoice(other)).toBeNull();
  });

  const user = (video: boolean) => ({ capabilities: { videoGeneration: video }, currentCompanyId: 'c1' });
  const disabled = (choices: ReturnType<typeof downloadChoices>) => choices.filter((c) => c.unavailable).map((c) => [c.choice, c.format, c.unavailable]);

  it('offers everything for a video project on a plan with video', () => {
    const choices = downloadChoices({ visual_format: 'mp4', company_id: 'c1' }, user(true));
    expect(choices.map((c) => c.choice)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(disabled(choices)).toEqual([]);
    expect(disabled(downloadChoices({ visual_format: 'mov', company_id: 'c1' }, user(true)))).toEqual([]);
  });

  it('disables both videos for a PowerPoint project', () => {
    expect(disabled(downloadChoices({ visual_format: 'powerpoint', company_id: 'c1' }, user(true)))).toEqual([
      [2, 'mp4', { reason: 'noVideo' }],
      [3, 'mov', { reason: 'noVideo' }],
    ]);
  });

  it('disables video on a plan without it, naming the cheapest plan with video', () => {
    expect(disabled(downloadChoices({ visual_format: 'mp4', company_id: 'c1' }, user(false)))).toEqual([
      [2, 'mp4', { reason: 'planNoVideo', plan: 'professional' }],
      [3, 'mov', { reason: 'planNoVideo', plan: 'professional' }],
    ]);
    expect(disabled(downloadChoices({ visual_format: 'powerpoint', company_id: null }, user(false)))[0]?.[2]).toEqual({ reason: 'planNoVideo', plan: 'professional' });
  });

  it("leaves another company's plan to the server", () => {
    expect(disabled(downloadChoices({ visual_format: 'mp4', company_id: 'c2' }, user(false)))).toEqual([]);
    expect(disabled(downloadChoices({ visual_format: 'powerpoint', company_id: 'c2' }, user(false))).map((d) => d[2])).toEqual([
      { reason: 'noVideo' },
      { reason: 'noVideo' },
    ]);
  });
});

describe('before a download', () => {
  const project = (over: Record<string, unknown>) => ({ status: 'completed', has_content: false, files_version: null, ...over });

  it('blocks a project that is not completed, with its status', () => {
    expect(downloadBlock(project({ status: 'creating_video' }))).toEqual({ reason: 'notReady', status: 'creating_video' });
    expect(downloadBlock(project({ status: 'failed', has_content: true }))).toEqual({ reason: 'notReady', status: 'failed' });
  });

  it('blocks a completed project without content, as the server does', () => {
    expect(downloadBlock(project({ has_content: false }))).toEqual({ reason: 'noContent' });
    expect(downloadBlock(project({ has_content: true }))).toBeNull();
    // An edit renders the next version: the last complete set still downloads.
    expect(downloadBlock(project({ status: 'creating_slides', content_version: 2, files_version: 1 }))).toBeNull();
    expect(downloadBlock(project({ status: 'creating_slides', content_version: 1, files_version: null }))).toEqual({ reason: 'notReady', status: 'creating_slides' });
  });

  it('words the block in the interface language', () => {
    expect(en('downloads.notReady', { title: 'Safety', status: en('projects.status.creating_video') })).toBe(
      'Project "Safety" is not ready for download yet (status: Creating Video).',
    );
    expect(en('downloads.noContent', { title: 'Safety' })).toBe('No generated content available for Safety. Try refreshing the page.');
    expect(fr('downloads.notReady', { title: 'Sécurité', status: fr('projects.status.pending') })).toContain('« Sécurité »');
  });
});

describe('download texts', () => {
  it('reports completion with the file name and the size in the interface language', () => {
    expect(downloadCompleteText({ filename: 'Safety.pptx', size: 1_572_864 }, en, 'en')).toBe('Download complete: Safety.pptx (1.5 MB)');
    expect(downloadCompleteText({ filename: 'Safety.txt', size: 2048 }, en, 'en')).toBe('Download complete: Safety.txt (2 kB)');
    expect(downloadCompleteText({ filename: 'a.txt', size: 10 }, en, 'en')).toBe('Download complete: a.txt (10 bytes)');
    // Intl puts a no-break space between the number and the unit in French.
    expect(downloadCompleteText({ filename: 'Sécurité.pdf', size: 1_572_864 }, fr, 'fr')).toMatch(/^Téléchargement terminé : Sécurité\.pdf \(1,5\sMo\)$/);
  });

  it('gives the specification messages for each failure', () => {
    const text = (error: unknown) => downloadErrorText(error, 'Safety', en);
    expect(text(new TimeoutError())).toBe('Failed to download Safety: Download timed out. File generation may take longer than expected.');
    expect(text(new ApiError(400, 'VALIDATION_FAILED', 'Unknown download format. Choose one of pptx, pdf, docx, txt, mp4, mov.'))).toBe(
      'Failed to download Safety: Unknown download format. Choose one of pptx, pdf, docx, txt, mp4, mov.',
    );
    expect(text(new ApiError(400, 'HTTP_400'))).toBe('Failed to download Safety: Invalid request');
    expect(text(new ApiError(404, 'NOT_FOUND', 'Project not found'))).toBe('Failed to download Safety: Project not found');
    expect(text(new ApiError(500, 'INTERNAL', 'boom'))).toBe(
      'Failed to download Safety: Server error during file generation. Check browser console for details.',
    );
    expect(text(new ApiError(403, 'PLAN_LIMIT_REACHED', 'Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.'))).toBe(
      'Failed to download Safety: Your Free Trial plan allows 3 downloads during the trial. Upgrade to download more.',
    );
    expect(text(new ApiError(409, 'CONFLICT', 'The files of this project are still being prepared. Please try again in a moment.'))).toContain(
      'still being prepared',
    );
    expect(text(new ApiError(0, NETWORK_ERROR))).toBe('Failed to download Safety: Network error. Please check your connection.');
    expect(text(new ApiError(409, 'HTTP_409'))).toBe('Failed to download Safety: Download failed');
    expect(downloadErrorText(new TimeoutError(), 'Sécurité', fr)).toBe(
      'Échec du téléchargement de Sécurité : Le téléchargement a expiré. La génération du fichier peut prendre plus de temps que prévu.',
    );
  });
});

describe('downloadProjectFile', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
    jest.useRealTimers();
  });

  const streamOf = (parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });

  let calls: { url: string; init: RequestInit }[];
  beforeEach(() => {
    calls = [];
  });
  const mockFetch = (answer: (url: string, init: RequestInit) => Response | Promise<Response>) => {
    globalThis.fetch = jest.fn(async (url: unknown, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return answer(String(url), init ?? {});
    }) as unknown as typeof fetch;
  };

  it('streams the file with progress against Content-Length and names it from the header', async () => {
    mockFetch(
      () =>
        new Response(streamOf(['Slide one\n', 'Slide two\n']), {
          status: 200,
          headers: {
            'content-type': 'text/plain; charset=utf-8',
            'content-length': '20',
            'content-disposition': `attachment; filename="Safety.txt"; filename*=UTF-8''S%C3%A9curit%C3%A9.txt`,
          },
        }),
    );
    const progress: DownloadProgress[] = [];
    const file = await downloadProjectFile('p/1', 'txt', { onProgress: (p) => progress.push(p) });
    expect(calls[0]?.url).toBe('/api/projects/p%2F1/download/txt');
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(file.filename).toBe('Sécurité.txt');
    expect(file.size).toBe(20);
    expect(await file.blob.text()).toBe('Slide one\nSlide two\n');
    expect(file.blob.type).toBe('text/plain; charset=utf-8');
    expect(progress[0]).toEqual({ received: 0, total: 20 });
    expect(progress.at(-1)).toEqual({ received: 20, total: 20 });
  });

  it('reports an unknown total without Content-Length and falls back to download_{timestamp}', async () => {
    mockFetch(() => new Response(streamOf(['abc']), { status: 200, headers: { 'content-type': 'video/mp4' } }));
    const progress: DownloadProgress[] = [];
    const file = await downloadProjectFile('p1', 'mp4', { onProgress: (p) => progress.push(p), now: () => new Date(42) });
    expect(file.filename).toBe('download_42.mp4');
    expect(progress.at(-1)).toEqual({ received: 3, total: null });
  });

  it("rejects with the server's error", async () => {
    mockFetch(
      () =>
        new Response(JSON.stringify({ code: 'CONFLICT', message: 'Project "Safety" is not ready for download yet (status: Pending).', detail: { status: 'pending' } }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const error = await downloadProjectFile('p1', 'pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', detail: { status: 'pending' } });
  });

  it('times out when nothing arrives in time, and a cancel is an AbortError', async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    await expect(downloadProjectFile('p1', 'pptx', { timeoutMs: 20 })).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const pending = downloadProjectFile('p1', 'pptx', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refreshes an expired session once and retries', async () => {
    let refreshed = false;
    mockFetch((url) => {
      if (url === '/api/auth/refresh') {
        refreshed = true;
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }
      if (!refreshed) return new Response(JSON.stringify({ code: 'TOKEN_EXPIRED', message: 'expired' }), { status: 401, headers: { 'content-type': 'application/json' } });
      return new Response('x', { status: 200, headers: { 'content-length': '1', 'content-disposition': 'attachment; filename="a.txt"' } });
    });
    const file = await downloadProjectFile('p1', 'txt');
    expect(file.filename).toBe('a.txt');
    expect(calls.map((c) => c.url)).toEqual(['/api/projects/p1/download/txt', '/api/auth/refresh', '/api/projects/p1/download/txt']);
  });
});
