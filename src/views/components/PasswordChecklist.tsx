import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CHECKLIST, passwordChecks } from '../../domain/validation';

// spec 000 §5: 'One lowercase', 'One uppercase', 'One number', 'One special character', 'Eight characters',
// each ticked as the password meets it.

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const checks = passwordChecks(password);
  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={4}>
        {t('passwordChecklist.title')}
      </Text>
      <List spacing={2} size="sm" center>
        {PASSWORD_CHECKLIST.map(({ key }) => (
          <List.Item
            key={key}
            icon={
              <ThemeIcon color={checks[key] ? 'green' : 'gray'} size={16} radius="xl" aria-hidden>
                <Text span size="xs" c="white" lh={1}>
                  {checks[key] ? '✓' : '•'}
                </Text>
              </ThemeIcon>
            }
          >
            <Text span size="sm" c={checks[key] ? 'green.9' : 'dimmed'}>
              {t(`passwordChecklist.${key}`)}
              <VisuallyHidden>{checks[key] ? t('passwordChecklist.met') : t('passwordChecklist.notMet')}</VisuallyHidden>
            </Text>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
