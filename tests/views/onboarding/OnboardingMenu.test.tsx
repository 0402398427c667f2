import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useActorRef, useSelector } from '@xstate/react';
import { onboardingMenuMachine, onboardingMenuSelectors } from '../../../machines/onboarding/onboardingMenu.machine';
import { OnboardingMenu } from '../../../src/views/onboarding/OnboardingMenu';
import type { OnboardingStep } from '../../../src/views/onboarding/OnboardingFrame';
import { renderView } from '../../support/render';

// The onboarding pages' limited drawer (spec 000 §2.4): the areas wait for the end of onboarding, so choosing one
// opens the complete-onboarding dialog; contact and sign-out (confirmed) are there too.

function Menu({ step, onSignOut }: { step: OnboardingStep; onSignOut: () => void }) {
  const actor = useActorRef(onboardingMenuMachine);
  const drawerOpened = useSelector(actor, onboardingMenuSelectors.drawerOpened);
  const dialogArea = useSelector(actor, onboardingMenuSelectors.dialogArea);
  return (
    <OnboardingMenu
      step={step}
      drawerOpened={drawerOpened}
      dialogArea={dialogArea}
      contactPath="/contact"
      onToggle={() => actor.send({ type: 'menu.open' })}
      onClose={() => actor.send({ type: 'menu.close' })}
      onPickArea={(area) => actor.send({ type: 'menu.pickArea', area })}
      onDialogContinue={() => actor.send({ type: 'dialog.continue' })}
      onDialogClose={() => actor.send({ type: 'dialog.close' })}
      onSignOut={onSignOut}
    />
  );
}

async function openMenu(step: OnboardingStep = 'authorizations', language: 'en' | 'es' = 'en') {
  const onSignOut = vi.fn();
  await renderView(<Menu step={step} onSignOut={onSignOut} />, { language });
  const button = screen.getByRole('button', { name: language === 'es' ? 'Abrir menú' : 'Open menu' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return { onSignOut, button };
}

describe('the onboarding menu', () => {
  it('lists the areas that open after setup, the contact page and sign-out', async () => {
    await openMenu();
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    for (const area of ['Dashboard', 'Credit', 'Money', 'Documents', 'Learning Center']) {
      expect(screen.getByRole('button', { name: area })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(drawer.textContent).toContain('Available once your setup is complete');
  });

  it('opens the complete-onboarding dialog for an area, with the step the customer is on', async () => {
    const { button } = await openMenu('authorizations');
    await userEvent.click(await screen.findByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish setting up your account' });
    expect(dialog.textContent).toContain('You are on step 2 of 4: Authorizations.');
    expect(dialog.textContent).toContain('Credit opens once your setup is complete.');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue setup' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Finish setting up your account' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('asks before signing out', async () => {
    const { onSignOut } = await openMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(onSignOut).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledOnce());
  });

  it('speaks Spanish', async () => {
    await openMenu('intake', 'es');
    await userEvent.click(await screen.findByRole('button', { name: 'Dinero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termine de configurar su cuenta' });
    expect(dialog.textContent).toContain('Está en el paso 4 de 4');
  });
});
