// The education centre through the gateway: anyone signed in reads the library (the first look
// starts its render on the stack's render worker), sees its progress, and once it is ready plays a
// training video with byte ranges, reads its subtitles and downloads the manuals; what the library
// does not offer is refused with the specification's messages. The files themselves are checked by
// their consumers in media-render's medium test (education-library.medium.test.ts).
import { EDUCATION_MESSAGES } from '@trainwright/catalogue';
import { call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let reader: Account;

beforeAll(async () => {
  h = await sharedHarness();
  reader = await register(h, 'Eddie Education');
}, 120_000);

interface Library {
  status: string;
  progress: number;
  courses: Array<{ slug: string; has_video: boolean; has_manual: boolean; duration_seconds: number; slide_count: number; files: Array<{ format: string; size: number; url: string }> }>;
}

describe('the education centre', () => {
  it('should be for signed-in people only', async () => {
    expect((await h.request({ url: '/api/education' })).statusCode).toBe(401);
    expect((await h.request({ url: '/api/education/getting-started/pdf' })).statusCode).toBe(401);
  });

  it('should list seven training videos and six manuals, prepare them with progress and serve them', async () => {
    const first = await call(h, 'GET', '/api/education', reader);
    expect(first.statusCode).toBe(200);
    const listed = first.json() as Library;
    expect(listed.courses).toHaveLength(7);
    expect(listed.courses.filter((c) => c.has_video)).toHaveLength(7);
    expect(listed.courses.filter((c) => c.has_manual)).toHaveLength(6);
    expect(listed.courses.every((c) => c.slide_count > 0)).toBe(true);

    const ready = await eventually(async () => {
      const library = (await call(h, 'GET', '/api/education', reader)).json() as Library;
      expect(['preparing', 'ready']).toContain(library.status);
      return library.status === 'ready' && library;
    }, 150_000);
    expect(ready.progress).toBe(100);
    for (const course of ready.courses) {
      const formats = course.files.map((f) => f.format).sort();
      expect(formats).toEqual(course.has_manual ? ['docx', 'mp4', 'pdf', 'vtt'] : ['mp4', 'vtt']);
      expect(course.duration_seconds).toBeGreaterThan(20);
    }

    // The player seeks with byte ranges; the video, the subtitles and the PDF show inline.
    const video = ready.courses[0]!.files.find((f) => f.format === 'mp4')!;
    const range = await h.request({ url: video.url, headers: { ...reader.auth, range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${video.size}`);
    expect(range.headers['content-type']).toBe('video/mp4');
    const subtitles = await call(h, 'GET', '/api/education/getting-started/vtt', reader);
    expect(subtitles.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(subtitles.body.startsWith('WEBVTT')).toBe(true);
    const pdf = await call(h, 'GET', '/api/education/getting-started/pdf', reader);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="?Getting_started_with_Trainwright\.pdf/);
    expect(pdf.body.startsWith('%PDF-')).toBe(true);
    const manual = await call(h, 'GET', '/api/education/working-as-a-team/docx?download=true', reader);
    expect(manual.statusCode).toBe(200);
    expect(manual.headers['content-disposition']).toMatch(/^attachment; filename="?Working_as_a_team\.docx/);
    expect(manual.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  }, 180_000);

  it('should refuse what the library does not offer', async () => {
    const notFound = await call(h, 'GET', '/api/education/no-such-course/mp4', reader);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ message: EDUCATION_MESSAGES.fileNotFound, message_id: 'education.fileNotFound' });
    // The narrated-video course offers no manual.
    expect((await call(h, 'GET', '/api/education/narrated-video/pdf', reader)).statusCode).toBe(404);
    for (const url of ['/api/education/getting-started/exe', '/api/education/getting-started/pptx', '/api/education/Getting_Started/mp4', `/api/education/${'a'.repeat(61)}/mp4`]) {
      expect((await call(h, 'GET', url, reader)).statusCode).toBe(400);
    }
    // The library is ready (the test above waited for it): a range past the end of a file.
    const badRange = await h.request({ url: '/api/education/getting-started/vtt', headers: { ...reader.auth, range: 'bytes=999999999-' } });
    expect(badRange.statusCode).toBe(416);
  });
});
