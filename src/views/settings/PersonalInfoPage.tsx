import { Box, Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { ssnRevealSelectors, type ssnRevealMachine } from '../../../machines/settings/ssnReveal.machine';
import { LoadingNotice } from '../components/LoadStates';
import type { Loadable } from '../credit/report/CreditReportPage';
import { EmailChangeDialog, type EmailChangeActor } from './EmailChangeDialog';
import { InlineEditField, type InlineContactField, type InlineEditActor } from './InlineEditField';
import { RecentSignInDialog } from './RecentSignInForm';
import { SettingsLoadFailed } from './SettingsLoadFailed';
import classes from './settings.module.css';

// settings/personal-info (spec 000 §2.5, §3.4, §4.7, §5): the customer contact's fields, each edited on its own
// (InlineEditField: view → edit → save, the old value back on error, only a changed value saved). The Social
// Security number shows masked (***-**-1234) with a toggle that asks for the full number and shows it 3-2-4 (an old
// sign-in confirms the password first, RecentSignInDialog). The
// email is read-only here: "Change email" opens the email change request. The country is read-only.

export type SsnRevealActor = ActorRefFrom<typeof ssnRevealMachine>;

export interface PersonalInfoContact {
  email: string | null;
  country: string | null;
  /** One inlineEdit actor per field, started with the stored value. */
  fields: Readonly<Record<InlineContactField, InlineEditActor>>;
  /** The SSN's show toggle (started with the stored last four digits). */
  ssn: SsnRevealActor;
}

export interface PersonalInfoPageProps {
  contact: Loadable<PersonalInfoContact>;
  /** The email change dialog's actor while the dialog is open, else null. */
  emailChange: EmailChangeActor | null;
  /** "Change email": the app starts an emailChange actor. */
  onChangeEmail: () => void;
  /** The address of a change waiting for its confirmation, null when none. */
  pendingEmail: string | null;
}

const GROUPS: readonly { id: 'name' | 'contact' | 'address'; fields: readonly (InlineContactField | 'Email' | 'MailingCountry')[] }[] = [
  { id: 'name', fields: ['FirstName', 'MiddleName', 'LastName'] },
  { id: 'contact', fields: ['Email', 'MobilePhone', 'Birthdate', 'Social_Security_Number__c'] },
  { id: 'address', fields: ['MailingStreet', 'MailingCity', 'MailingStateCode', 'MailingPostalCode', 'MailingCountry'] },
];

function SsnField({ field, ssn }: { field: InlineEditActor; ssn: SsnRevealActor }) {
  const { t } = useTranslation('settings');
  const display = useSelector(ssn, ssnRevealSelectors.display);
  const revealed = useSelector(ssn, ssnRevealSelectors.revealed);
  const busy = useSelector(ssn, ssnRevealSelectors.busy);
  const canReveal = useSelector(ssn, ssnRevealSelectors.canReveal);
  const reauthenticating = useSelector(ssn, ssnRevealSelectors.reauthenticating);
  const reauthErrorKey = useSelector(ssn, ssnRevealSelectors.reauthErrorKey);
  const toggle = canReveal ? (
    <>
      {/* Not disabled while the number is fetched, so the focus stays on it; pressing it again cancels. */}
      <Button
        variant={revealed ? 'filled' : 'default'}
        size="sm"
        aria-pressed={revealed}
        aria-describedby="personal-info-Social_Security_Number__c-label"
        aria-busy={busy}
        leftSection={busy ? <Loader size={14} aria-hidden /> : undefined}
        onClick={() => (revealed || busy ? ssn.send({ type: 'ssn.hide' }) : ssn.send({ type: 'ssn.show' }))}
      >
        {t('personal-info.ssn.show')}
      </Button>
      {busy && !reauthenticating ? <VisuallyHidden role="status">{t('personal-info.ssn.showing')}</VisuallyHidden> : null}
      {/* The full number needs a recent sign-in: the password again, then it shows by itself. */}
      <RecentSignInDialog
        opened={reauthenticating}
        busy={reauthenticating && busy}
        errorKey={reauthErrorKey}
        onSubmit={(password) => ssn.send({ type: 'reauth.submit', password })}
        onCancel={() => ssn.send({ type: 'reauth.cancel' })}
      />
    </>
  ) : null;
  return <InlineEditField actor={field} display={display} extra={toggle} />;
}

interface ReadOnlyFieldProps {
  id: 'Email' | 'MailingCountry';
  label: string;
  value: string | null;
  hint: string;
  action?: ReactNode;
  /** A status under the field (the email change waiting for its confirmation). */
  note?: string | null;
}

function ReadOnlyField({ id, label, value, hint, action, note }: ReadOnlyFieldProps) {
  const { t } = useTranslation('settings');
  return (
    <Box className={classes.fieldRow} data-testid={`field-${id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600} c="gray.7" id={`personal-info-${id}-label`}>
            {label}
          </Text>
          <Text className={classes.fieldValue}>
            {value ?? (
              <Text span c="gray.7" fs="italic">
                {t('personal-info.notProvided')}
              </Text>
            )}
          </Text>
          <Text size="sm" c="gray.7">
            {hint}
          </Text>
          {note ? (
            <Text size="sm" role="status" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {note}
            </Text>
          ) : null}
        </Stack>
        {action ?? null}
      </Group>
    </Box>
  );
}

export function PersonalInfoPage({ contact, emailChange, onChangeEmail, pendingEmail }: PersonalInfoPageProps) {
  const { t } = useTranslation(['settings', 'common']);

  if (contact.status === 'loading') {
    return (
      <LoadingNotice label={t('page.loading')} gap="sm" />
    );
  }
  if (contact.status === 'failed') {
    return (
      <SettingsLoadFailed messageKey="errors.general-error" onRetry={contact.onRetry} />
    );
  }

  const { email, country, fields, ssn } = contact.data;
  const row = (field: InlineContactField | 'Email' | 'MailingCountry') => {
    if (field === 'Email') {
      return (
        <ReadOnlyField
          key={field}
          id="Email"
          label={t('personal-info.fields.Email')}
          value={email}
          hint={t('personal-info.hints.Email')}
          note={pendingEmail ? t('personal-info.pendingEmail', { email: pendingEmail }) : null}
          action={
            <Button variant="light" size="sm" onClick={onChangeEmail} aria-haspopup="dialog">
              {t('personal-info.changeEmail')}
            </Button>
          }
        />
      );
    }
    if (field === 'MailingCountry') {
      return <ReadOnlyField key={field} id="MailingCountry" label={t('personal-info.fields.MailingCountry')} value={country} hint={t('personal-info.hints.MailingCountry')} />;
    }
    if (field === 'Social_Security_Number__c') return <SsnField key={field} field={fields[field]} ssn={ssn} />;
    return <InlineEditField key={field} actor={fields[field]} />;
  };

  return (
    <Stack gap="lg">
      <Text>{t('personal-info.intro')}</Text>
      {GROUPS.map((group) => (
        <Paper key={group.id} component="section" withBorder px={{ base: 'md', xs: 'lg' }} py="xs" aria-labelledby={`personal-info-group-${group.id}`}>
          <Title order={2} size="h4" id={`personal-info-group-${group.id}`} pt="sm">
            {t(`personal-info.groups.${group.id}`)}
          </Title>
          {group.fields.map(row)}
        </Paper>
      ))}
      {emailChange ? <EmailChangeDialog actor={emailChange} /> : null}
    </Stack>
  );
}
