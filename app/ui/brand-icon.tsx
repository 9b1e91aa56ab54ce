/**
 * Brand and technology marks. Most come from simple-icons, each imported on its own as an
 * SVG file that the build emits (so only the marks in use ship, and their detailed paths
 * stay out of the JavaScript); they are painted in currentColor through a CSS mask. The
 * few marks that set lacks are drawn here as simple, generic glyphs. Like the interface
 * icons, every mark is decorative: the link that holds it carries the accessible name.
 */
import type { CSSProperties, ReactNode } from 'react';
import styles from './brand-icon.module.css';

/** A mark in a 24 × 24 box, in currentColor. */
export type BrandMark =
  | {
      /** The brand's name, e.g. "GitHub". */
      title: string;
      /** Drawn inline: filled paths, or stroked shapes that set fill="none" themselves. */
      svg: ReactNode;
    }
  | {
      title: string;
      /** Address of a single-colour SVG file (a simple-icons icon imported with `?url`). */
      src: string;
    };

/** A simple-icons icon file, e.g. `import github from 'simple-icons/icons/github.svg?url'`. */
export function simpleIconMark(src: string, title: string): BrandMark {
  return { title, src };
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A generic "in" mark in a rounded square, for the LinkedIn profile. */
export const linkedInMark: BrandMark = {
  title: 'LinkedIn',
  svg: (
    <path
      fillRule="evenodd"
      d="M4.5 2h15A2.5 2.5 0 0 1 22 4.5v15a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 2 19.5v-15A2.5 2.5 0 0 1 4.5 2zM7 5.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4zM5.6 10v8.6h2.8V10zm5 0v8.6h2.8v-4.7c0-1.3.7-2 1.6-2 1 0 1.5.7 1.5 2v4.7h2.8v-5.3c0-2.6-1.4-3.5-3.2-3.5-1.3 0-2.2.6-2.7 1.3V10z"
    />
  ),
};

/** A propeller in a ring, for TestFlight builds. */
export const testFlightMark: BrandMark = {
  title: 'TestFlight',
  svg: (
    <>
      <circle cx="12" cy="12" r="9.6" {...stroke} />
      {[0, 120, 240].map((angle) => (
        <ellipse
          key={angle}
          cx="12"
          cy="7.4"
          rx="1.7"
          ry="3.8"
          transform={`rotate(${angle} 12 12)`}
        />
      ))}
      <circle cx="12" cy="12" r="1.9" />
    </>
  ),
};

export interface BrandIconProps {
  mark: BrandMark;
  /** Width and height in px; default 24. */
  size?: number;
  /**
   * Below the fold: a mark drawn from a file fetches it only once the page has painted its
   * content, not alongside what the first paint needs.
   */
  lazy?: boolean;
}

/** Draws a mark, hidden from assistive technology. */
export function BrandIcon({ mark, size = 24, lazy = false }: BrandIconProps) {
  if ('src' in mark) {
    const style = {
      '--brand-icon': `url("${mark.src}")`,
      width: size,
      height: size,
    } as CSSProperties;
    return (
      <span
        className={styles.mask}
        style={style}
        data-lazy={lazy ? '' : undefined}
        aria-hidden="true"
      />
    );
  }
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {mark.svg}
    </svg>
  );
}
