// The languages and translation namespaces, with no dependencies: the build config reads them too.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * common: shared buttons, greetings, load/error and status pages; auth: sign-in, sign-up, /handle, /not-verified;
 * shell: the signed-in shell (header, support dialog, footer overlays, maintenance); errors: the spec 000 §8
 * catalogue keyed by src/domain/errors.ts ERROR_KEYS; intake: the intake steps (spec 002 §4, §5) and their messages;
 * onboarding: contract, authorizations, goal and quick sign-up pages (spec 000 §2.2-§2.3, spec 002 §4);
 * statecharts: the statechart visualizer (loaded by its chunk only, bundled into the static site); credit: the credit
 * overview, report and score history (spec 001 §2-§4, spec 002 §2); kba: the identity check page (spec 001 §2 "Identity
 * check"); creditTools: the report's refresh control, the language toggle, the simulator and the upgrade banner;
 * disputes: the disputes dashboard, the dispute wizard, the letters and the resolved-disputes modal (spec 001 §2, §5);
 * documents: the documents locker, the upload flow (crop, form, progress, connection dialog) and the document dialogs;
 * settings: the settings pages (loan goal, personal info, communications, security) and their dialogs (spec 000 §2.5);
 * devTools: the developer tools, test plans and overrides (spec 001 §2; never shown in production);
 * billing: the billing page, the payment form, the update-payment and payment-failed pages, the secure pages' return
 * and the cancellation (spec 001 §2, §4, §5, §8; spec 002 §2); hub: the home hub's score, actions, history and
 * welcome flow (spec 002 §2-§4); money: the money area's pages (overview, debts, linked accounts and widgets;
 * spec 002 §2-§4); content: the learning center, the support center, their search and the contact page
 * (spec 002 §2, §8, §9; spec 000 §2.2); identity: the identity-protection pages (spec 000 §8).
 */
export const NAMESPACES = [
  'common',
  'auth',
  'shell',
  'errors',
  'intake',
  'statecharts',
  'onboarding',
  'credit',
  'kba',
  'creditTools',
  'disputes',
  'documents',
  'settings',
  'devTools',
  'billing',
  'hub',
  'money',
  'content',
  'identity',
] as const;
export type Namespace = (typeof NAMESPACES)[number];


/** Where this browser keeps the visitor's language (read before the first render by src/app/shell/startupPreload.ts). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * What the notifications host reads (src/app/shell/sync.tsx): every page shows common texts and may show an error or a
 * session notice.
 */
export const NOTIFICATION_NAMESPACES: NotificationNamespace[] = ['errors', 'common', 'auth', 'shell'];
export type NotificationNamespace = 'errors' | 'common' | 'auth' | 'shell';

/**
 * Loaded before the first render, in one go rather than a second round trip when the notifications host first
 * renders; index.html preloads these alongside the start-up code (vite.config.ts, src/app/shell/startupPreload.ts).
 */
export const INITIAL_NAMESPACES: Namespace[] = ['common', 'errors', 'auth', 'shell'];
