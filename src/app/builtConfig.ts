import type { AppConfig } from './config';

// The app's environment as the browser reads it: read and validated once, when the app is built (or the dev server
// starts), by vite.config.ts with ./config.ts's readConfig, and written into the code as a constant. A wrong value
// fails the build instead of the page, and the sign-in page's start-up code carries no schema library for it
// (docs/benchmarks.md §1).

declare const __APP_CONFIG__: AppConfig;

export const config: AppConfig = __APP_CONFIG__;
