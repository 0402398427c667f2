import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './../statecharts/coverage.setup';

// jsdom lacks the browser APIs Mantine reads (mantinedev/vite-template's set-up): matchMedia, ResizeObserver,
// scrollIntoView. Views' actors also record statechart coverage through the shared coverage set-up.

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

afterEach(() => {
  cleanup();
});
