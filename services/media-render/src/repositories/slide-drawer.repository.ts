// The preview's slide images: the video's drawing of each slide (video/slide-image.ts, the same
// slide model, visuals and style treatments as every export) rasterised by resvg on libuv's thread
// pool. Building the SVG is a few milliseconds on this thread (the deck is prepared once per input);
// only the PNG encoding of the rasterised pixels runs here as well.
import { renderAsync } from '@resvg/resvg-js';
import type { RenderInput } from '../domain/types.js';
import { prepareContent } from '../render/content.js';
import type { SlideDrawer } from '../services/previews/deps.js';
import { resvgOptions, renderSlideSvg, TITLE_CARD, videoSlideIndexes, DEFAULT_SIZE, type Size } from '../video/slide-image.js';

export class SlideDrawerRepository implements SlideDrawer {
  constructor(private readonly size: Size = DEFAULT_SIZE) {}

  slides(input: RenderInput): { titles: string[]; indexes: number[] } {
    const content = prepareContent(input);
    const indexes = videoSlideIndexes(input);
    return { indexes, titles: indexes.map((i) => (i === TITLE_CARD ? content.title : content.sections[i]!.title)) };
  }

  async png(input: RenderInput, index: number): Promise<Buffer> {
    const image = await renderAsync(renderSlideSvg(input, index, this.size), resvgOptions(input, this.size));
    return image.asPng();
  }
}
