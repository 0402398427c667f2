import { MantineProvider } from '@mantine/core';
import { createInstance, type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createActor } from 'xstate';
import { signInMachine } from '../../../machines/account/signIn.machine';
import { ROUTES } from '../../domain/routes';
import { SignInPage } from '../../views/account/SignInPage';
import type { Language } from '../../i18n/languages';
import { cssVariablesResolver, theme } from '../theme';
import type { StartupPageMarkup } from './startupPreload';

// The sign-in page as the first paint of a signed-out visit (docs/benchmarks.md §1): rendered when the app is built,
// from the page's own view, with the sign-in machine's first state and the translations the app would load, and
// written into index.html as one <template> per language. index.html's start-up script shows it (inert, until the
// app has rendered) once the maintenance flag says the site is up and no signed-in user is stored in this browser
// (src/app/shell/startupPreload.ts); nothing here runs in the browser.
//
// The parts that depend on when the page is shown are filled in by the start-up script: the greeting by the hour
// (spec 000 §4.3) and the year in the footer.

/** The hour the page is rendered with; the start-up script puts the greeting of the visitor's own hour in its place. */
const RENDER_HOUR = 9;
function translator(language: Language, resources: Resource) {
  const i18n = createInstance();
  void i18n.init({
    lng: language,
    fallbackLng: 'en',
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return i18n;
}

/** The sign-in page's markup in `language`, and the texts the start-up script fills in. */
export function renderSignInStartupPage(language: Language, resources: Resource): StartupPageMarkup {
  const i18n = translator(language, resources);
  const actor = createActor(signInMachine, { input: {} });
  // The footer's year (PublicLayout) is the clock's: the year of the build, replaced by the visitor's.
  const year = new Date().getFullYear();
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <MemoryRouter initialEntries={[ROUTES.signIn]}>
          <SignInPage actor={actor} hour={RENDER_HOUR} renderResetLinkRequest={() => null} />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
  const t = i18n.getFixedT(language, 'common');
  const footer = (value: string) => t('footer.rights', { year: value });
  return {
    html,
    texts: [
      // spec 000 §4.3: before 12 morning, before 17 afternoon, else evening (src/domain/greeting.ts).
      { rendered: t('greeting.morning'), byHour: [t('greeting.morning'), t('greeting.afternoon'), t('greeting.evening')] },
      { rendered: footer(String(year)), withYear: footer('{year}') },
    ],
  };
}
