import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserDataLoadingNotice } from '../../../src/views/shell/UserDataLoadingNotice';
import { renderView } from '../../support/render';

// spec 000 §9, the user data long-load flag: the notice the shell shows while the user's data is late (the machine's
// timing is in tests/machines/shell/userDocument.test.ts).

describe('the still-loading notice', () => {
  it('says the data is still on its way in a status region while the long-load flag is up', async () => {
    await renderView(<UserDataLoadingNotice loadingLong />);
    expect(screen.getByRole('status').textContent).toBe('Still loading your data. This can take a few more seconds.');
  });

  it('says it in Spanish', async () => {
    await renderView(<UserDataLoadingNotice loadingLong />, { language: 'es' });
    expect(screen.getByRole('status').textContent).toBe('Seguimos cargando sus datos. Puede tardar unos segundos más.');
  });

  it('shows nothing otherwise, leaving the page its own status messages', async () => {
    await renderView(<UserDataLoadingNotice loadingLong={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
