import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { NotificationsHost, showToast } from '../../../src/app/shell/NotificationsHost';
import { theme } from '../../../src/app/theme';
import { testI18n } from '../../support/render';

// Toasts (spec 000 §8, §9) carry a close button; WCAG 4.1.2 wants it named, in the page's language.

async function renderHost(language: 'en' | 'es') {
  const i18n = await testI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <NotificationsHost />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('toasts', () => {
  it("name their close button in the page's language", async () => {
    await renderHost('es');
    showToast({ message: 'Pedido en curso', withCloseButton: true });
    expect(await screen.findByText('Pedido en curso')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });
});
