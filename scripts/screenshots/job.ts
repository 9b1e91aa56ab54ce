/** What the stages of the screenshot pipeline pass along: one screenshot to produce. */
import type { AvifOptions, Sharp, WebpOptions } from 'sharp';
import type { App } from '../../content/schema.ts';

/** What the pipeline reads of an app. */
export type ScreenshotApp = Pick<App, 'slug' | 'name' | 'accent' | 'screenshots' | 'platform'>;

export interface Rendition {
  width: number;
  height: number;
}

export interface EncoderSettings {
  avif: AvifOptions;
  webp: WebpOptions;
}

/** One screenshot to produce: its renditions and how to draw them. */
export interface ImageJob {
  slug: string;
  alt: string;
  /** File name stem shared by all renditions: `<slug>-<position>-<hash>`. */
  stem: string;
  renditions: Rendition[];
  display: Rendition;
  render: (rendition: Rendition) => Sharp;
  encoder: EncoderSettings;
}
