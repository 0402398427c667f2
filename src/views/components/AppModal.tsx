import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Every dialog: Mantine's Modal (focus trapped, Escape closes, focus returns to the opener) with a translated name
// on its close button. The Modal code (and the scroll area it pulls in) loads when a page first opens a dialog,
// so pages whose dialogs stay closed do not download it.
//
// The dialog shows only once everything in it has loaded: content that loads lazily (a form with its own actor)
// suspends this one boundary around the whole Modal, never a boundary inside it. A dialog that opened empty and
// received its form a moment later had already moved focus (to its close button), so an email typed or filled in
// as soon as the dialog showed went nowhere and the field stayed empty. Callers pass lazily loaded content without
// a Suspense boundary of their own; the focus trap then finds the field marked `data-autofocus`.

const AppModalContent = lazy(() => import('./AppModalContent'));

export function AppModal(props: ModalProps) {
  const { t } = useTranslation('common');
  const [wasOpened, setWasOpened] = useState(props.opened);
  if (props.opened && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <AppModalContent centered {...props} closeButtonProps={{ 'aria-label': t('actions.close'), ...props.closeButtonProps }} />
    </Suspense>
  );
}
