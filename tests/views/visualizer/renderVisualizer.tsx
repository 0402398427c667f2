import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '../../../src/i18n';
import { Visualizer } from '../../../src/visualizer/Visualizer';
import { testI18n } from '../../support/render';

/** The visualizer as its route opens it at /statecharts{search}, in `language`. */
export async function renderVisualizer(search: string, language: Language = 'en') {
  window.history.replaceState(null, '', `/statecharts${search}`);
  const i18n = await testI18n(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <Visualizer />
      </MantineProvider>
    </I18nextProvider>,
  );
}
