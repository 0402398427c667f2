import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { passwordChangeSelectors as select } from '../../../machines/settings/passwordChange.machine';
import { AppModal } from '../components/AppModal';
import { PasswordPromptForm } from './RecentSignInForm';
import type { PasswordChangeActor } from './SecurityPage';

// settings/security/auth (spec 000 §2.5, §4.6): when the login is too old to change the password, the customer
// confirms their current password here and the change is retried by itself. A wrong password says so and the dialog
// stays; Cancel (or Escape) closes it without changing anything. The app mounts it on the nested route `auth` and
// keeps the route and the machine in step. The password typed is the field's own until it is sent: the machine only
// receives it with the submit and never keeps it.

export interface ReauthenticationDialogProps {
  actor: PasswordChangeActor;
}

export function ReauthenticationDialog({ actor }: ReauthenticationDialogProps) {
  const { t } = useTranslation('settings');
  const opened = useSelector(actor, select.reauthenticating);
  const busy = useSelector(actor, select.reauthBusy);
  const errorKey = useSelector(actor, select.reauthErrorKey);
  const errorCode = useSelector(actor, select.reauthErrorCode);
  const cancel = () => {
    if (!busy) actor.send({ type: 'reauth.cancel' });
  };
  // The typed password goes with the dialog, whichever way it closed: the form starts again when it opens or closes.
  return (
    <AppModal opened={opened} onClose={cancel} title={t('reauth.title')} closeOnClickOutside={false} data-testid="reauthentication">
      <PasswordPromptForm
        key={opened ? 'opened' : 'closed'}
        busy={busy}
        errorKey={errorKey}
        errorCode={errorCode}
        explanation={t('reauth.body')}
        inputId="reauthentication-password"
        onSubmit={(password) => actor.send({ type: 'reauth.submit', password })}
        onCancel={cancel}
      />
    </AppModal>
  );
}
