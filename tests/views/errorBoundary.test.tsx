import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForMissingChunk } from '../../src/app/shell/AppErrorBoundary';
import { PageErrorCatcher } from '../../src/app/shell/PageErrorCatcher';
import { renderView } from '../support/render';

// The app's error boundary and page error catcher: a page that throws while rendering shows the error view, not a
// blank window, and the error is reported; a page the browser translated is remounted instead, reported and
// explained (spec 001 §8); a missing script chunk (a new deployment) reloads the page once.

function Broken({ error }: { error: Error }): never {
  throw error;
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

// The page starts untranslated: no translator's class on <html>, no language but the app's.
const html = document.documentElement;
beforeEach(() => {
  html.className = '';
  html.lang = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
  html.className = '';
  html.lang = '';
});

describe('the app error boundary', () => {
  it('shows the error view with Try again and Request assistance and reports the error when a page throws', async () => {
    // React logs the caught error; the test asserts what the person sees instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = vi.fn();
    await renderView(
      <PageErrorCatcher report={report}>
        <Broken error={new Error('page exploded')} />
      </PageErrorCatcher>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'page exploded' }));

    await userEvent.click(screen.getByRole('button', { name: 'Request assistance' }));
    expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeTruthy();
  });

  it('renders the page itself when nothing throws', async () => {
    await renderView(
      <PageErrorCatcher report={vi.fn()}>
        <p>Home</p>
      </PageErrorCatcher>,
    );
    expect(screen.getByText('Home')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});

describe('a page the browser translated', () => {
  /** A page that fails on its next update until the failure has been reported (the catcher then remounts it). */
  function pageFailingWith(error: Error) {
    const page = { failing: false };
    function Balance() {
      if (page.failing) throw error;
      return <p>Your balance</p>;
    }
    const report = vi.fn(() => {
      page.failing = false;
    });
    return { page, Balance, report };
  }

  it('is remounted when it fails, reported, and the customer is told why', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { page, Balance, report } = pageFailingWith(new TypeError('balance is undefined'));
    const { rerender } = await renderView(
      <PageErrorCatcher report={report}>
        <Balance />
      </PageErrorCatcher>,
    );
    // The browser translates the page (Chrome marks <html>), then an update of the page fails.
    html.className = 'translated-ltr';
    html.lang = 'fr';
    await new Promise((resolve) => setTimeout(resolve, 0));
    page.failing = true;
    rerender(
      <PageErrorCatcher report={report}>
        <Balance key="updated" />
      </PageErrorCatcher>,
    );
    expect(await screen.findByText('Your balance')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'browser-translate', extra: expect.objectContaining({ error: 'balance is undefined', language: 'fr' }) }),
    );
    expect(await screen.findByText(/Your browser's translation interfered with this page, so we reloaded it/)).toBeTruthy();
  });

  it('is recognised by the failure a replaced text causes when the translator leaves no mark', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { page, Balance, report } = pageFailingWith(
      new DOMException("Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.", 'NotFoundError'),
    );
    page.failing = true;
    await renderView(
      <PageErrorCatcher report={report}>
        <Balance />
      </PageErrorCatcher>,
    );
    expect(await screen.findByText('Your balance')).toBeTruthy();
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'browser-translate' }));
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
