import { startLayoutEngine } from '../layout/elkEngine';

// The static site's entry: it starts elk loading in its worker, then loads the page (page.tsx). Starting a worker
// needs the main thread once more after `new Worker`, so the page's script, whose evaluation keeps the main thread
// busy for a long while, comes in after it: elk then loads alongside the page's own start instead of after it.
startLayoutEngine();
await import('./page');
