import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
//
// Focus return: Mantine remembers the opener when `opened` changes on a mounted Modal, but this Modal mounts already
// open the first time, so Mantine has no opener to return to after that first close. The opener is remembered here
// for every open (before the focus trap moves focus), and focus goes back to it after a close that left focus
// nowhere (on the page's body), which is what Mantine does from the second open on.

const AppModalContent = lazy(() => import('./AppModalContent'));

/** After a close, Mantine's own focus return runs at 10 ms; this one checks just after. */
const FOCUS_RETURN_DELAY_MS = 30;

export function AppModal(props: ModalProps) {
  const { t } = useTranslation('common');
  const [wasOpened, setWasOpened] = useState(props.opened);
  if (props.opened && !wasOpened) setWasOpened(true);
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (props.opened) opener.current = document.activeElement;
  }, [props.opened]);
  useEffect(() => {
    if (props.opened || opener.current === null) return undefined;
    const target = opener.current;
    const timeout = window.setTimeout(() => {
      const active = document.activeElement;
      if ((active === null || active === document.body) && target instanceof HTMLElement && target.isConnected) {
        target.focus({ preventScroll: true });
      }
    }, FOCUS_RETURN_DELAY_MS);
    return () => window.clearTimeout(timeout);
  }, [props.opened]);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <AppModalContent centered {...props} closeButtonProps={{ 'aria-label': t('actions.close'), ...props.closeButtonProps }} />
    </Suspense>
  );
}
