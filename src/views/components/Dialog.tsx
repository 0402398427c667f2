import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Every dialog: Mantine's Modal (focus trapped, Escape closes, focus returns to the opener) with a translated
// name on its close button, so screen readers and keyboard users can find it.

export function Dialog(props: ModalProps) {
  const { t } = useTranslation('common');
  return <Modal centered {...props} closeButtonProps={{ 'aria-label': t('actions.close'), ...props.closeButtonProps }} />;
}
