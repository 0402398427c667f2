import { useTranslation } from 'react-i18next';
import { isKeyIn } from '../../i18n/keys';

// A refusal as the developer reads it: the server's message key in the errors catalogue when it sent one
// ('errors.dev-tools.developer-only', ...), else the code it answered.

const MESSAGE_NAMESPACES = ['errors'] as const;

export function useServerError(): (code: string, key: string | null) => string {
  const { t, i18n } = useTranslation(['devTools', 'errors']);
  return (code, key) =>
    key !== null && isKeyIn(i18n, key, MESSAGE_NAMESPACES) ? t(key, { ns: MESSAGE_NAMESPACES }) : t('devTools:error.code', { code });
}
