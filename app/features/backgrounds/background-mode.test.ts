import { describe, expect, it } from 'vitest';
import {
  nextBackgroundPhase,
  sceneContextAttributes,
  type BackgroundEvent,
  type BackgroundPhase,
} from './background-mode.ts';
import { isSoftwareRenderer } from './renderer-name.ts';

const PHASES: BackgroundPhase[] = ['idle', 'waiting', 'loading', 'animated', 'fallback'];
const EVENTS: BackgroundEvent[] = [
  'wanted',
  'paused',
  'gpu',
  'no-gpu',
  'ready',
  'failed',
  'ok',
  'lost',
  'lost-for-good',
];

/** The phase after each event in turn. */
function after(phase: BackgroundPhase, ...events: BackgroundEvent[]): BackgroundPhase {
  return events.reduce(nextBackgroundPhase, phase);
}

describe('nextBackgroundPhase', () => {
  it('waits for the page to settle once the animation is wanted', () => {
    expect(after('idle', 'wanted')).toBe('waiting');
  });

  it('goes back to waiting to be wanted when the moment to start comes while paused', () => {
    expect(after('waiting', 'paused')).toBe('idle');
    expect(after('waiting', 'paused', 'wanted')).toBe('waiting');
  });

  it('loads the scene on a GPU, and animates once it is ready', () => {
    expect(after('waiting', 'gpu')).toBe('loading');
    expect(after('waiting', 'gpu', 'ready')).toBe('animated');
  });

  it('keeps the still background without WebGL 2 or where WebGL is drawn in software', () => {
    expect(after('waiting', 'no-gpu')).toBe('fallback');
  });

  it('falls back when the scene failed to load or to set up', () => {
    expect(after('loading', 'failed')).toBe('fallback');
    expect(after('animated', 'failed')).toBe('fallback');
  });

  it('keeps the scene while a lost context may still come back', () => {
    expect(after('animated', 'lost')).toBe('animated');
    expect(after('animated', 'lost', 'ok')).toBe('animated');
    expect(after('loading', 'lost', 'ok', 'ready')).toBe('animated');
  });

  it('falls back when the context is lost for good', () => {
    expect(after('loading', 'lost-for-good')).toBe('fallback');
    expect(after('animated', 'lost', 'lost-for-good')).toBe('fallback');
  });

  it('never leaves the fallback', () => {
    for (const event of EVENTS) expect(after('fallback', event)).toBe('fallback');
  });

  it('starts the scene once: pausing and playing again do not start it afresh', () => {
    for (const phase of ['loading', 'animated'] as const) {
      expect(after(phase, 'paused', 'wanted')).toBe(phase);
    }
  });

  it('changes phase only on the events listed, keeping every other as it is', () => {
    const changes = PHASES.flatMap((phase) =>
      EVENTS.filter((event) => nextBackgroundPhase(phase, event) !== phase).map(
        (event) => `${phase} + ${event} -> ${nextBackgroundPhase(phase, event)}`,
      ),
    );
    expect(changes).toEqual([
      'idle + wanted -> waiting',
      'waiting + paused -> idle',
      'waiting + gpu -> loading',
      'waiting + no-gpu -> fallback',
      'loading + ready -> animated',
      'loading + failed -> fallback',
      'loading + lost-for-good -> fallback',
      'animated + failed -> fallback',
      'animated + lost-for-good -> fallback',
    ]);
  });
});

describe('isSoftwareRenderer', () => {
  it.each([
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'Google SwiftShader',
    'llvmpipe (LLVM 15.0.6, 256 bits)',
    'Microsoft Basic Render Driver',
    'Software Rasterizer',
  ])('recognises %s as software', (name) => {
    expect(isSoftwareRenderer(name)).toBe(true);
  });

  it.each([
    'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
    'Apple GPU',
    'ANGLE (Intel, Intel(R) UHD Graphics 620 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Adreno (TM) 640',
    'Mali-G78',
    'Mesa Intel(R) Xe Graphics (TGL GT2)',
  ])('recognises %s as a GPU', (name) => {
    expect(isSoftwareRenderer(name)).toBe(false);
  });
});

describe('sceneContextAttributes', () => {
  it('asks for a low-power context and keeps the transparent canvas WebGL gives by default', () => {
    const attributes = sceneContextAttributes(1);
    expect(attributes.powerPreference).toBe('low-power');
    // Left out, each of these takes WebGL's default: transparent, not kept between frames.
    expect(attributes.alpha ?? true).toBe(true);
    expect(attributes.preserveDrawingBuffer ?? false).toBe(false);
  });

  it('multisamples only on screens whose pixels are large enough to show jagged edges', () => {
    expect(sceneContextAttributes(1).antialias).toBe(true);
    expect(sceneContextAttributes(2).antialias).toBe(false);
    expect(sceneContextAttributes(3).antialias).toBe(false);
  });
});
