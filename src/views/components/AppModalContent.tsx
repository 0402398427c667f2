import { Modal, type ModalProps } from '@mantine/core';

// Mantine's Modal, loaded with the first dialog a page opens (see AppModal.tsx).

export default function AppModalContent(props: ModalProps) {
  return <Modal {...props} />;
}
