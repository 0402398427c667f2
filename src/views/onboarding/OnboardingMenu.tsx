import { Burger, Button, Drawer, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ONBOARDING_MENU_AREAS, type OnboardingMenuArea } from '../../../machines/onboarding/onboardingMenu.machine';
import { AppModal } from '../components/AppModal';
import classes from '../shell/shell.module.css';
import { useSignOutConfirmation } from '../shell/SignOutDialog';
import { ONBOARDING_STEPS, type OnboardingStep } from './OnboardingFrame';

// The onboarding pages' limited drawer (spec 000 §2.4, spec 002 §2 Header), bound to the onboardingMenu machine by
// src/app/onboarding/OnboardingMenuHost.tsx: a menu button in the header opens a drawer with the areas the customer
// will have (each opens the complete-onboarding dialog, not the area), the contact page and sign-out (confirmed).

/** How long after the dialog closes the focus goes back to the menu button (the area button it came from is gone). */
const FOCUS_BACK_DELAY_MS = 60;

export interface OnboardingMenuProps {
  step: OnboardingStep;
  drawerOpened: boolean;
  /** The area the complete-onboarding dialog is about; null when it is closed. */
  dialogArea: OnboardingMenuArea | null;
  contactPath: string;
  onToggle: () => void;
  onClose: () => void;
  onPickArea: (area: OnboardingMenuArea) => void;
  onDialogContinue: () => void;
  onDialogClose: () => void;
  onSignOut: () => void;
}

export function OnboardingMenu(props: OnboardingMenuProps) {
  const { step, drawerOpened, dialogArea, contactPath, onToggle, onClose, onPickArea } = props;
  const { onDialogContinue, onDialogClose, onSignOut } = props;
  const { t } = useTranslation(['common', 'shell']);
  const burger = useRef<HTMLButtonElement>(null);
  const signOut = useSignOutConfirmation(onSignOut);
  const lastArea = useRef<OnboardingMenuArea>('dashboard');
  if (dialogArea !== null) lastArea.current = dialogArea;

  const focusBurgerSoon = () => window.setTimeout(() => burger.current?.focus(), FOCUS_BACK_DELAY_MS);
  const closeDialog = () => {
    onDialogClose();
    focusBurgerSoon();
  };
  const continueSetup = () => {
    onDialogContinue();
    focusBurgerSoon();
  };
  const openSignOut = () => {
    onClose();
    signOut.open();
  };
  const stepNumber = ONBOARDING_STEPS.indexOf(step) + 1;
  const areaName = t(`shell:areas.${lastArea.current}`);

  return (
    <>
      <Burger ref={burger} opened={drawerOpened} onClick={onToggle} aria-label={t('onboarding.menu.open')} aria-expanded={drawerOpened} size="sm" />
      <Drawer
        opened={drawerOpened}
        onClose={onClose}
        title={t('onboarding.menu.title')}
        position="right"
        size="xs"
        closeButtonProps={{ 'aria-label': t('actions.close') }}
      >
        <Stack gap={4} component="nav" aria-label={t('onboarding.menu.title')}>
          <Text size="sm" c="gray.7" id="onboarding-menu-areas">
            {t('onboarding.menu.afterSetup')}
          </Text>
          <Stack gap={0} role="group" aria-labelledby="onboarding-menu-areas">
            {ONBOARDING_MENU_AREAS.map((area) => (
              <UnstyledButton key={area} className={classes.drawerLink} onClick={() => onPickArea(area)}>
                {t(`shell:areas.${area}`)}
              </UnstyledButton>
            ))}
          </Stack>
          <Link to={contactPath} className={classes.drawerLink} onClick={onClose}>
            {t('onboarding.menu.contact')}
          </Link>
          <UnstyledButton className={classes.drawerLink} onClick={openSignOut}>
            {t('actions.signOut')}
          </UnstyledButton>
        </Stack>
      </Drawer>
      <AppModal opened={dialogArea !== null} onClose={closeDialog} title={t('onboarding.menu.dialogTitle')}>
        <Stack>
          <Title order={3} size="h5">
            {t('onboarding.menu.dialogStep', { step: stepNumber, total: ONBOARDING_STEPS.length, name: t(`onboarding.steps.${step}.label`) })}
          </Title>
          <Text>{t('onboarding.menu.dialogArea', { area: areaName })}</Text>
          <Button onClick={continueSetup} data-autofocus style={{ alignSelf: 'flex-start' }}>
            {t('onboarding.menu.continue')}
          </Button>
        </Stack>
      </AppModal>
      {signOut.dialog}
    </>
  );
}
