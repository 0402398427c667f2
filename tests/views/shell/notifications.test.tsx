import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsHost, showToast } from '../../../src/app/shell/NotificationsHost';
import { theme } from '../../../src/app/theme';
import { TOAST_DEFAULT_MS, TOAST_HIGHLIGHT_RESET_MS } from '../../../src/domain/constants';
import { testI18n } from '../../support/render';

// Toasts (spec 000 §8, §9) carry a close button; WCAG 4.1.2 wants it named, in the page's language. A toast asked for
// again while it shows is highlighted instead of stacked, and the highlight resets after 3000 ms (spec 001 §9).

async function renderHost(language: 'en' | 'es') {
  const i18n = await testI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <NotificationsHost />
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** Lets the toast library's promise and the page's update run under fake timers, moving the clock by `ms`. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it("name their close button in the page's language", async () => {
    await renderHost('es');
    showToast({ message: 'Pedido en curso', withCloseButton: true });
    expect(await screen.findByText('Pedido en curso')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('highlight a toast asked for again while it shows, hold it while highlighted and reset the highlight after 3000 ms', async () => {
    await renderHost('en');
    const toast = { color: 'red', message: 'We could not save your document.', withCloseButton: true } as const;
    showToast(toast);
    const shown = await screen.findByText(toast.message);
    const root = () => shown.closest('.mantine-Notification-root');
    expect(root()?.hasAttribute('data-highlighted')).toBe(false);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
    showToast(toast);
    await pass(0);
    expect(screen.getAllByText(toast.message)).toHaveLength(1);
    expect(root()?.getAttribute('data-highlighted')).toBe('true');

    // Highlighted, the toast stays past its own time.
    await pass(TOAST_HIGHLIGHT_RESET_MS - 1);
    expect(root()?.getAttribute('data-highlighted')).toBe('true');
    await pass(1);
    expect(root()?.hasAttribute('data-highlighted')).toBe(false);

    // Then its own time starts again.
    await pass(TOAST_DEFAULT_MS - 1);
    expect(screen.queryByText(toast.message)).not.toBeNull();
    // And it closes (with its closing transition).
    await pass(1 + 1_000);
    expect(screen.queryByText(toast.message)).toBeNull();
  });

  it('stack toasts that say different things', async () => {
    await renderHost('en');
    showToast({ color: 'blue', message: 'Order in progress.' });
    showToast({ color: 'blue', message: 'Your report is on its way.' });
    expect(await screen.findByText('Order in progress.')).toBeTruthy();
    expect(await screen.findByText('Your report is on its way.')).toBeTruthy();
  });
});
