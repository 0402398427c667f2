import { useDebouncedValue, useElementSize, useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { COUNTER_ANIMATION_MS, RESIZE_DEBOUNCE_MS } from '../../domain/constants';

// The page timings of spec 001 §9 that views apply: layouts follow a resize once it settles (250 ms), and counters
// count to their value (333 ms). People who ask their system for reduced motion see the value at once (WCAG 2.3.3).
// The 0.5 s of the other animations is the theme's (src/app/theme.ts).

/** Whether the person asked for reduced motion, known at the first render (no animation starts before it is). */
export function usePrefersReducedMotion(): boolean {
  return useReducedMotion(undefined, { getInitialValueInEffect: false });
}

/**
 * An element's width that follows a resize RESIZE_DEBOUNCE_MS after it ends rather than at every frame of it (a chart
 * draws once, at the new width). The first measurement counts at once, so nothing is drawn at a guessed width.
 */
export function useSettledWidth<T extends HTMLElement = HTMLDivElement>(): { ref: (node: T | null) => void; width: number } {
  const { ref, width } = useElementSize<T>();
  const [settled] = useDebouncedValue(width, RESIZE_DEBOUNCE_MS);
  return { ref, width: settled > 0 ? settled : width };
}

/**
 * A number that counts to `value` in COUNTER_ANIMATION_MS: from 0 when first shown, then from what it showed when the
 * value changes. Whole numbers on the way; exactly `value` at the end.
 */
export function useCountUp(value: number, durationMs: number = COUNTER_ANIMATION_MS): number {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(reduced ? value : 0);
  const current = useRef(shown);
  useEffect(() => {
    if (reduced || durationMs <= 0) {
      current.current = value;
      setShown(value);
      return undefined;
    }
    const from = current.current;
    const startedAt = performance.now();
    let frame = 0;
    const step = () => {
      const progress = Math.min(1, (performance.now() - startedAt) / durationMs);
      const next = progress === 1 ? value : Math.round(from + (value - from) * progress);
      current.current = next;
      setShown(next);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [value, reduced, durationMs]);
  return shown;
}
