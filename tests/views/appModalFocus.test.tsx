import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppModal } from '../../src/views/components/AppModal';
import { renderView } from '../support/render';

// WCAG 2.4.3 focus order: closing a dialog puts focus back on the control that opened it. Mantine does this for a
// Modal that was mounted closed; AppModal mounts its Modal open the first time (it loads lazily), so it returns
// focus itself (src/views/components/AppModal.tsx).

function Opener() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open details</Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title="Details">
        <Button onClick={() => setOpened(false)}>Done</Button>
      </AppModal>
    </>
  );
}

describe('a dialog closing', () => {
  it('returns focus to the button that opened it, on the first open and on the next', async () => {
    await renderView(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    for (const time of ['first', 'second']) {
      await userEvent.click(opener);
      const dialog = await screen.findByRole('dialog', { name: 'Details' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Details' })).toBeNull());
      await waitFor(() => expect(document.activeElement, `after the ${time} close`).toBe(opener));
    }
  });
});
