import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, isChunkLoadError, reloadForMissingChunk } from '../../src/app/shell/AppErrorBoundary';
import { renderView } from '../support/render';

// The app's error boundary: a page that throws while rendering shows the error view, not a blank window, and the
// error is reported; a missing script chunk (a new deployment) reloads the page once.

function Broken({ error }: { error: Error }): never {
  throw error;
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('the app error boundary', () => {
  it('shows the error view with Try again and Request assistance and reports the error when a page throws', async () => {
    // React logs the caught error; the test asserts what the person sees instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = vi.fn();
    await renderView(
      <AppErrorBoundary report={report}>
        <Broken error={new Error('page exploded')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'page exploded' }));

    await userEvent.click(screen.getByRole('button', { name: 'Request assistance' }));
    expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeTruthy();
  });

  it('renders the page itself when nothing throws', async () => {
    await renderView(
      <AppErrorBoundary report={vi.fn()}>
        <p>Home</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Home')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});

describe('a missing script chunk', () => {
  it('is told apart from other errors by the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('page exploded'))).toBe(false);
  });

  it('reloads the page once, and not again within 30 s', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForMissingChunk(storage, 1_000_000, reload)).toBe(true);
    expect(reloadForMissingChunk(storage, 1_010_000, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForMissingChunk(storage, 1_031_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload without session storage, where it could not stop a reload loop', () => {
    const reload = vi.fn();
    expect(reloadForMissingChunk(null, 1_000_000, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
