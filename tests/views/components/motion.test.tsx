import { MantineProvider, Progress, RingProgress } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../src/app/theme';
import { ANIMATION_MS, COUNTER_ANIMATION_MS, RESIZE_DEBOUNCE_MS } from '../../../src/domain/constants';
import { useSettledWidth } from '../../../src/views/components/motion';
import { ReadinessScoreGauge } from '../../../src/views/shell/ReadinessScoreGauge';
import { testI18n } from '../../support/render';

// The page timings of spec 001 §9: a counter counts to its value in 333 ms, layouts follow a resize 250 ms after it
// ends, other animations take 0.5 s; reduced motion asked for, nothing moves (WCAG 2.3.3). Fake timers throughout.

async function renderInApp(ui: ReactElement) {
  const i18n = await testI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </I18nextProvider>,
  );
}

const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
/** The fake timers' animation frame. */
const FRAME_MS = 16;

const { matchMedia } = window;
afterEach(() => {
  vi.useRealTimers();
  window.matchMedia = matchMedia;
});

function preferReducedMotion() {
  window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: query.includes('prefers-reduced-motion: reduce') });
}

describe('the readiness score counter', () => {
  const count = () => Number(screen.getByTestId('readiness-score-count').textContent);

  it('counts up to the score in 333 ms, while the gauge is named with the score itself', async () => {
    const i18n = await testI18n('en');
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} env="test">
          <ReadinessScoreGauge score={72} />
        </MantineProvider>
      </I18nextProvider>,
    );
    expect(count()).toBe(0);
    expect(screen.getByRole('img', { name: 'Loan readiness score: 72 out of 100' })).toBeTruthy();
    advance(COUNTER_ANIMATION_MS / 2);
    expect(count()).toBeGreaterThan(0);
    expect(count()).toBeLessThan(72);
    advance(COUNTER_ANIMATION_MS / 2 - 20);
    expect(count()).toBeLessThan(72);
    // Past 333 ms, at the next frame.
    advance(20 + FRAME_MS);
    expect(count()).toBe(72);
  });

  it('counts from the score shown to a new one', async () => {
    const i18n = await testI18n('en');
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const gauge = (score: number) => (
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme} env="test">
          <ReadinessScoreGauge score={score} />
        </MantineProvider>
      </I18nextProvider>
    );
    const { rerender } = render(gauge(40));
    advance(COUNTER_ANIMATION_MS + 20);
    rerender(gauge(60));
    expect(count()).toBe(40);
    advance(COUNTER_ANIMATION_MS / 2);
    expect(count()).toBeGreaterThan(40);
    expect(count()).toBeLessThan(60);
    advance(COUNTER_ANIMATION_MS / 2 + 20);
    expect(count()).toBe(60);
  });

  it('shows the score at once when reduced motion is asked for', async () => {
    preferReducedMotion();
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    await renderInApp(<ReadinessScoreGauge score={72} />);
    expect(count()).toBe(72);
  });
});

describe('a width that follows a resize', () => {
  function Measured() {
    const { ref, width } = useSettledWidth();
    return (
      <div ref={ref} data-testid="measured">
        {width}
      </div>
    );
  }

  type Resized = (entries: unknown[]) => void;
  const { ResizeObserver } = window;
  afterEach(() => {
    window.ResizeObserver = ResizeObserver;
  });

  it('takes the first measurement at once, then a new width 250 ms after the resize ends', async () => {
    let observed: Resized = () => undefined;
    window.ResizeObserver = class {
      constructor(callback: Resized) {
        observed = callback;
      }
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    } as unknown as typeof window.ResizeObserver;
    const resizeTo = (width: number) => {
      act(() => observed([{ contentRect: { x: 0, y: 0, top: 0, left: 0, bottom: 10, right: width, width, height: 10 }, borderBoxSize: [{ inlineSize: width, blockSize: 10 }] }]));
      // The observer reports on the next frame.
      advance(FRAME_MS + 4);
    };
    const width = () => Number(screen.getByTestId('measured').textContent);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    await renderInApp(<Measured />);
    resizeTo(800);
    expect(width()).toBe(800);
    advance(RESIZE_DEBOUNCE_MS);

    // A window dragged narrower: the width waits for the resize to end.
    resizeTo(700);
    expect(width()).toBe(800);
    resizeTo(600);
    expect(width()).toBe(800);
    // The last size arrived within the 20 ms resizeTo waited for its frame.
    advance(RESIZE_DEBOUNCE_MS - 40);
    expect(width()).toBe(800);
    advance(40);
    expect(width()).toBe(600);
  });
});

describe('other animations', () => {
  it('fill bars and rings in 0.5 s, marked to stand still when reduced motion is asked for', async () => {
    await renderInApp(
      <>
        <Progress value={40} aria-label="Saved" />
        <RingProgress sections={[{ value: 40, color: 'green' }]} data-testid="ring" />
      </>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Saved' });
    const progressRoot = bar.closest('.mantine-Progress-root') as HTMLElement;
    expect(progressRoot.style.getPropertyValue('--progress-transition-duration')).toBe(`${ANIMATION_MS}ms`);
    expect(bar.hasAttribute('data-reduce-motion')).toBe(true);
    const ring = screen.getByTestId('ring');
    expect(ring.style.getPropertyValue('--rp-transition-duration')).toBe(`${ANIMATION_MS}ms`);
    expect(ring.querySelectorAll('circle[data-reduce-motion]').length).toBeGreaterThan(0);
    // Mantine's own rule (transition: none under prefers-reduced-motion) applies below this mark.
    expect(document.documentElement.getAttribute('data-respect-reduced-motion')).toBe('true');
  });
});
