// The translation keys as types (the English files, the spec's wording, are the source): `t('…')`, `<Trans i18nKey>`
// and the key types of src/i18n/keys.ts accept only keys the English files hold. Type-only: the files still load
// over HTTP at run time (src/i18n/fetchBackend.ts), never from the bundle. tests/views/locales.test.tsx keeps the
// Spanish files to the same keys.
import type auth from '../../public/locales/en/auth.json';
import type common from '../../public/locales/en/common.json';
import type credit from '../../public/locales/en/credit.json';
import type creditTools from '../../public/locales/en/creditTools.json';
import type disputes from '../../public/locales/en/disputes.json';
import type documents from '../../public/locales/en/documents.json';
import type settings from '../../public/locales/en/settings.json';
import type devTools from '../../public/locales/en/devTools.json';
import type billing from '../../public/locales/en/billing.json';
import type hub from '../../public/locales/en/hub.json';
import type money from '../../public/locales/en/money.json';
import type content from '../../public/locales/en/content.json';
import type identity from '../../public/locales/en/identity.json';
import type errors from '../../public/locales/en/errors.json';
import type intake from '../../public/locales/en/intake.json';
import type kba from '../../public/locales/en/kba.json';
import type onboarding from '../../public/locales/en/onboarding.json';
import type shell from '../../public/locales/en/shell.json';
import type statecharts from '../../public/locales/en/statecharts.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    // As src/i18n/index.ts sets them up.
    defaultNS: 'common';
    fallbackNS: ['common', 'errors'];
    resources: {
      common: typeof common;
      auth: typeof auth;
      shell: typeof shell;
      errors: typeof errors;
      intake: typeof intake;
      statecharts: typeof statecharts;
      onboarding: typeof onboarding;
      credit: typeof credit;
      kba: typeof kba;
      creditTools: typeof creditTools;
      disputes: typeof disputes;
      documents: typeof documents;
      settings: typeof settings;
      devTools: typeof devTools;
      billing: typeof billing;
      hub: typeof hub;
      money: typeof money;
      content: typeof content;
      identity: typeof identity;
    };
  }
}
