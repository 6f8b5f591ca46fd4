// What a project will look like before it is rendered: the preview's slides as the exports draw
// them, and how long its narrated video will be (pay-per-use prices it per minute). What the
// preview operations work with: the project views and services, memberships, the logos, the slide
// drawer and its cache, the voices and the narration's timing.
import type { RenderInput, VoiceSettings } from '../../domain/types.js';
import type { Memberships, ProjectDirectory, ProjectViews, TranslationDirectory } from '../ports.js';
import type { LogoSource, VoiceSettingsSource } from '../renders/deps.js';

/** Draws the slides (video/slide-image.ts: renderSlideSvg, then resvg on libuv's pool; repositories/slide-drawer.repository.ts). */
export interface SlideDrawer {
  /** The titles in video order (title card first) and how each position maps to a slide index. */
  slides(input: RenderInput): { titles: string[]; indexes: number[] };
  /** The PNG of one slide (an index of `slides().indexes`) at 1280x720. */
  png(input: RenderInput, index: number): Promise<Buffer>;
}

/** A project's deck prepared for the preview: what its slides are drawn from. */
export interface PreparedDeck {
  projectId: string;
  input: RenderInput;
  titles: string[];
  indexes: number[];
  /** Changes whenever what the slides show may have changed. */
  version: string;
}

/**
 * A few prepared decks and the last images kept in memory (repositories/preview-cache.repository.ts),
 * keyed by what the slides show, so flipping through the slides asks no other service and draws
 * each slide once. Work in flight is shared; a failure is not kept.
 */
export interface PreviewCache {
  /** The deck kept under `key`, else the one `prepare` makes (then kept). */
  deck(key: string, prepare: () => Promise<PreparedDeck>): Promise<PreparedDeck | undefined>;
  /** The image kept under `key`, else the one `draw` makes (then kept). */
  image(key: string, draw: () => Promise<Buffer>): Promise<Buffer | undefined>;
}

/** Times the narration without speaking it (video/estimate.ts; repositories/renderer.repository.ts). */
export interface NarrationTiming {
  /** Each video slide's time on screen in ms, in video order (the title card first). */
  slideDurationsMs(input: RenderInput, voice: VoiceSettings): number[];
}

export interface PreviewDeps {
  views: Pick<ProjectViews, 'find' | 'keepRead'>;
  projects: Pick<ProjectDirectory, 'project' | 'renderInput' | 'sharedProject'>;
  translations: Pick<TranslationDirectory, 'renderContent'>;
  memberships: Memberships;
  logos: LogoSource;
  drawer: SlideDrawer;
  cache: PreviewCache;
  /** The voice the narration is timed at. */
  voices: VoiceSettingsSource;
  timing: NarrationTiming;
}
