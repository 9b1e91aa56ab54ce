import { useCallback, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-media-query.ts';

/**
 * The one place the background animation's paused state lives. Until the visitor uses the
 * toggle it follows the reduced-motion preference (paused when motion should be reduced);
 * after that, the visitor's choice holds.
 */
export function useBackgroundPause(): { paused: boolean; togglePaused: () => void } {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<boolean | null>(null);
  const paused = choice ?? reducedMotion;
  const togglePaused = useCallback(() => setChoice(!paused), [paused]);
  return { paused, togglePaused };
}
