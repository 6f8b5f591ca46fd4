import { registry } from '@trainwright/platform';
import { KeptFrames } from '../../src/video/kept-frames.js';
import { renderPictureFrames, videoPictures } from '../../src/video/timeline.js';
import type { RenderInput } from '../../src/domain/types.js';
import { makeInput, slide } from './helpers.js';

const SIZE = { width: 320, height: 180 };

async function drawAll(input: RenderInput, kept?: KeptFrames): Promise<Buffer[]> {
  const frames = renderPictureFrames(input, videoPictures(input), SIZE, undefined, undefined, kept);
  const got: Buffer[] = [];
  for await (const frame of frames) got.push(Buffer.from(frame));
  return got;
}

describe('kept video pictures', () => {
  const deck = [slide('Identify the hazards', ['Check the area']), slide('Report', ['Tell the supervisor'])];

  test('a re-render takes the kept pictures, and draws again only the slide that changed', async () => {
    const kept = new KeptFrames(64 * 1024 * 1024);
    const first = await drawAll(makeInput(deck), kept);
    expect(kept.stats()).toMatchObject({ entries: first.length, hits: 0, misses: first.length });

    const again = await drawAll(makeInput(deck), kept);
    expect(kept.stats().hits).toBe(first.length);
    expect(again).toHaveLength(first.length);
    again.forEach((frame, n) => expect(frame.equals(first[n]!)).toBe(true));

    // One slide's text edited: its picture is drawn again, and is what a fresh render draws.
    const edited = makeInput([deck[0]!, slide('Report', ['Tell the supervisor at once'])]);
    const before = kept.stats();
    const withKept = await drawAll(edited, kept);
    const fresh = await drawAll(edited);
    expect(kept.stats().hits - before.hits).toBe(first.length - 1);
    expect(kept.stats().misses - before.misses).toBe(1);
    expect(withKept).toHaveLength(fresh.length);
    withKept.forEach((frame, n) => expect(frame.equals(fresh[n]!)).toBe(true));
    expect(withKept.at(-1)!.equals(first.at(-1)!)).toBe(false);
  });

  test('another size is another picture, and the bound keeps no more than it allows', async () => {
    const kept = new KeptFrames(SIZE.width * SIZE.height * 4 * 2);
    const input = makeInput(deck);
    await drawAll(input, kept);
    expect(kept.stats().bytes).toBeLessThanOrEqual(SIZE.width * SIZE.height * 4 * 2);
    const frames = renderPictureFrames(input, videoPictures(input), { width: 640, height: 360 }, undefined, undefined, kept);
    for await (const frame of frames) expect(frame.length).toBe(640 * 360 * 4);
    expect(kept.stats().hits).toBe(0);

    const none = new KeptFrames(0);
    await drawAll(input, none);
    await drawAll(input, none);
    expect(none.stats()).toMatchObject({ entries: 0, hits: 0 });
  });

  test('what is kept and how often it was found are metrics of the process', async () => {
    const value = async (name: string, labels: Record<string, string>) =>
      (await registry.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
    const hitsBefore = await value('media_render_kept_lookups_total', { cache: 'video_pictures', result: 'hit' });
    const missesBefore = await value('media_render_kept_lookups_total', { cache: 'video_pictures', result: 'miss' });
    const kept = new KeptFrames(64 * 1024 * 1024);
    const first = await drawAll(makeInput(deck), kept);
    await drawAll(makeInput(deck), kept);
    expect(await value('media_render_kept_lookups_total', { cache: 'video_pictures', result: 'miss' })).toBe(missesBefore + first.length);
    expect(await value('media_render_kept_lookups_total', { cache: 'video_pictures', result: 'hit' })).toBe(hitsBefore + first.length);
    expect(await value('media_render_kept_entries', { cache: 'video_pictures' })).toBe(first.length);
    expect(await value('media_render_kept_bytes', { cache: 'video_pictures' })).toBe(first.length * SIZE.width * SIZE.height * 4);
  });
});
