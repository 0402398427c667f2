import { Affix, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// spec 000 §9 (user data long-load flag, 5 s): while the signed-in user's data is still on its way after the long-load
// time, a notice at the foot of the window says so, over whatever page is showing, as a status message (WCAG 4.1.3).
// Nothing is rendered otherwise, so the page's own status messages are the only ones.

export function UserDataLoadingNotice({ loadingLong }: { loadingLong: boolean }) {
  const { t } = useTranslation('common');
  if (!loadingLong) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={300}>
      <Paper withBorder shadow="md" p="sm" radius="md" maw={480} mx="auto" role="status">
        <Text size="sm" c="gray.9">
          {t('userData.loadingLong')}
        </Text>
      </Paper>
    </Affix>
  );
}
