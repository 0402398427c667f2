import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESIZE_DEBOUNCE_MS } from '../../../src/domain/constants';
import { GuidedTour } from '../../../src/views/hub/GuidedTour';
import { renderView } from '../../support/render';

function page() {
  return (
    <>
      <div id="scoreComponent">score</div>
      <button id="scoreDetailsButton">details</button>
      <section id="actionsSection">actions</section>
    </>
  );
}

async function renderTour(step: 1 | 2 | 3, target: 'scoreComponent' | 'scoreDetailsButton' | 'actionsSection') {
  const handlers = { onNext: vi.fn(), onBack: vi.fn(), onDismiss: vi.fn() };
  await renderView(
    <>
      {page()}
      <GuidedTour target={target} step={step} total={3} {...handlers} />
    </>,
  );
  return handlers;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the guided tour overlay (spec 002 §4 Tour)', () => {
  it('explains the highlighted part in a dialog and puts the focus on Next', async () => {
    await renderTour(1, 'scoreComponent');
    const dialog = await screen.findByRole('dialog', { name: 'Your loan readiness score' });
    expect(dialog.textContent).toContain('Step 1 of 3');
    expect(dialog.textContent).toContain('Your score, from 0 to 100, shows how ready you are for your loan goal.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('offers Back after the first step and Finish on the last', async () => {
    const handlers = await renderTour(3, 'actionsSection');
    await screen.findByRole('dialog', { name: 'Your next actions' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect([handlers.onBack.mock.calls.length, handlers.onNext.mock.calls.length]).toEqual([1, 1]);
  });

  it('walks forward with the keyboard alone: Enter on the focused Next', async () => {
    const handlers = await renderTour(2, 'scoreDetailsButton');
    await screen.findByRole('dialog', { name: 'What makes up your score' });
    await userEvent.keyboard('{Enter}');
    expect(handlers.onNext).toHaveBeenCalledOnce();
  });

  it('is dismissed by Escape, by a click outside and by Close the tour', async () => {
    const handlers = await renderTour(1, 'scoreComponent');
    await screen.findByRole('dialog', { name: 'Your loan readiness score' });
    await userEvent.keyboard('{Escape}');
    fireEvent.click(screen.getByTestId('tour-overlay'));
    await userEvent.click(screen.getByRole('button', { name: 'Close the tour' }));
    expect(handlers.onDismiss).toHaveBeenCalledTimes(3);
  });

  it('moves the highlight with its part once a window resize has settled (250 ms, spec 001 §9)', async () => {
    await renderTour(1, 'scoreComponent');
    await screen.findByRole('dialog', { name: 'Your loan readiness score' });
    const spotlight = document.querySelector<HTMLElement>('[data-tour-spotlight="scoreComponent"]')!;
    expect(spotlight.style.left).toBe('-6px');
    // The narrower window moved the score.
    const moved = { top: 50, left: 100, width: 200, height: 40, right: 300, bottom: 90, x: 100, y: 50, toJSON: () => ({}) };
    vi.spyOn(document.getElementById('scoreComponent')!, 'getBoundingClientRect').mockReturnValue(moved);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => void window.dispatchEvent(new Event('resize')));
    act(() => void vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS / 2));
    act(() => void window.dispatchEvent(new Event('resize')));
    act(() => void vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(spotlight.style.left).toBe('-6px');
    act(() => void vi.advanceTimersByTime(1));
    expect(spotlight.style.left).toBe('94px');
    expect(spotlight.style.top).toBe('44px');
  });

  it('shows nothing when its target is not in the page', async () => {
    await renderView(<GuidedTour target="dtiMeter" step={1} total={1} onNext={vi.fn()} onBack={vi.fn()} onDismiss={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
