import { Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../components/PublicLayout';
import { SupportPhone } from '../support/SupportDialog';
import { useSupport } from '../support/SupportContext';

// /contact (spec 000 §2.2): its own header (the public one, without the contact icon: the page is the contact), the
// customer-service phone with its hours, and the contact form (the support request machine's).

export function ContactPage({ email, onDone }: { email: string | null; onDone: () => void }) {
  const { t } = useTranslation(['content', 'common']);
  const { showPhone, SupportRequestForm } = useSupport();
  return (
    <PublicLayout width="wide">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('contact.title')}</Title>
          <Text>{t('contact.intro')}</Text>
        </Stack>
        {showPhone ? (
          <Stack gap="xs" component="section" aria-labelledby="contact-call-title">
            <Title order={2} size="h4" id="contact-call-title">
              {t('contact.callTitle')}
            </Title>
            <SupportPhone />
          </Stack>
        ) : null}
        {showPhone ? <Divider /> : null}
        <Stack gap="xs" component="section" aria-labelledby="contact-write-title">
          <Title order={2} size="h4" id="contact-write-title">
            {t('contact.writeTitle')}
          </Title>
          <SupportRequestForm email={email} onDone={onDone} />
        </Stack>
      </Stack>
    </PublicLayout>
  );
}
