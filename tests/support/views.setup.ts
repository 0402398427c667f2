import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// jsdom lacks the browser APIs Mantine reads (mantinedev/vite-template's set-up): matchMedia, ResizeObserver,
// scrollIntoView. Views' actors record statechart coverage through the coverage set-up, the project's first setup
// file (vitest.config.ts).

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

// Textarea autosize listens for web fonts.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
});

// The copy-phone button writes to the clipboard.
Object.defineProperty(navigator, 'clipboard', {
  configurable: true,
  value: { writeText: async () => undefined, readText: async () => '' },
});

// jsdom's getComputedStyle throws on the pseudo-element argument some Mantine components pass.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// `findBy…` and `waitFor` wait for a state the page reaches; how long that takes depends on the machine's load, not
// on the product. The limit only ends a test that would otherwise hang (testing-library's default of 1 s failed
// under load on a 2-core CI machine), so it is far above any healthy wait.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
});

// The view files share one jsdom window per worker (the project does not isolate files, which saves re-importing
// React and Mantine for each of them): every file starts as a fresh page, at the root address with empty storage,
// an empty body (no portal left by another file) and no toast queued or shown by another file.
beforeAll(() => {
  notifications.clean();
  notifications.cleanQueue();
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
