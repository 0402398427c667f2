import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor } from 'xstate';
import type { NotifyEmitted } from '../../../machines/ports';
import { INLINE_CONTACT_FIELDS, type InlineContactField } from '../../../machines/settings/ports';
import type { CallableResponse } from '../../contract/callables';
import type { KeyIn } from '../../i18n/keys';
import { inspect } from '../../inspect';
import type { Loadable } from '../../views/credit/report/CreditReportPage';
import type { EmailChangeActor } from '../../views/settings/EmailChangeDialog';
import type { InlineEditActor } from '../../views/settings/InlineEditField';
import { PersonalInfoPage, type PersonalInfoContact, type SsnRevealActor } from '../../views/settings/PersonalInfoPage';
import { callableQuery } from '../callableActors';
import { useAppActors } from '../shell/appActors';
import { NOTIFY_NAMESPACES, showNotifyToast, type NotifyingActor, type NotifyNamespace } from '../shell/notify';
import type { SessionFacts } from '../shell/sessionFacts';
import { useCachedQuery } from '../shell/queries';
import { provideEmailChangeMachine, provideInlineEditMachine, provideSsnRevealMachine } from './machines';

// settings/personal-info (spec 000 §2.5, §4.7): the contact read once (cached, spec 000 §9), then one inlineEdit
// actor per field started with its stored value (each keeps its own value from then on: the saved one, or the old
// one back after a failure), and the SSN's show toggle started with the stored last four digits (started again when
// a saved SSN changes them). "Change email" starts an emailChange actor for as long as its dialog is open; the
// address it sent a link to stays noted under the email.

/** Shows the notify emits of actors this host creates itself (useNotify is per actor, for hooks). */
function useNotifyListener() {
  const { t } = useTranslation(NOTIFY_NAMESPACES.settings);
  const tRef = useRef(t);
  tRef.current = t;
  return useMemo(
    () => (actor: NotifyingActor) =>
      actor.on('notify', (event) =>
        showNotifyToast(event as NotifyEmitted<KeyIn<NotifyNamespace<'settings'>>>, tRef.current, NOTIFY_NAMESPACES.settings),
      ),
    [],
  );
}

type FieldActors = Readonly<Record<InlineContactField, InlineEditActor>>;

export function PersonalInfoHost({ facts }: { facts: SessionFacts }) {
  const { ports, config } = useAppActors();
  const listen = useNotifyListener();
  const query = useMemo(() => callableQuery(ports, 'getCustomerContact', null), [ports]);
  const contact = useCachedQuery(query.queryKey, query.queryFn, true);
  const contactRef = useRef<CallableResponse<'getCustomerContact'> | undefined>(contact.data);
  contactRef.current = contact.data;
  const loaded = contact.data !== undefined;

  // The fields' actors, from the first contact read on.
  const [fields, setFields] = useState<FieldActors | null>(null);
  useEffect(() => {
    const stored = contactRef.current;
    if (!loaded || !stored) return undefined;
    const machine = provideInlineEditMachine(ports);
    const actors = Object.fromEntries(
      INLINE_CONTACT_FIELDS.map((field) => [
        field,
        createActor(machine, { input: { actor: facts.actor, field, value: stored[field], today: facts.today }, inspect }),
      ]),
    ) as unknown as Record<InlineContactField, InlineEditActor>;
    const subscriptions = Object.values(actors).map((actor) => listen(actor));
    Object.values(actors).forEach((actor) => actor.start());
    setFields(actors);
    return () => {
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      Object.values(actors).forEach((actor) => actor.stop());
    };
  }, [loaded, ports, facts.actor, facts.today, listen]);

  // The SSN toggle, started again when the stored last four digits change (a saved SSN).
  const lastFour = contact.data?.Social_Security_Number__c ?? null;
  const [ssn, setSsn] = useState<SsnRevealActor | null>(null);
  useEffect(() => {
    if (!loaded) return undefined;
    const actor = createActor(provideSsnRevealMachine(ports), { input: { actor: facts.actor, lastFour }, inspect });
    const subscription = listen(actor);
    actor.start();
    setSsn(actor);
    return () => {
      subscription.unsubscribe();
      actor.stop();
    };
  }, [loaded, lastFour, ports, facts.actor, listen]);

  // The email change dialog's actor while it is open.
  const [emailChange, setEmailChange] = useState<EmailChangeActor | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const emailRef = useRef<EmailChangeActor | null>(null);
  useEffect(() => () => emailRef.current?.stop(), []);
  const onChangeEmail = () => {
    if (emailRef.current) return;
    const actor = createActor(provideEmailChangeMachine(ports), {
      input: { actor: facts.actor, siteId: config.siteId, currentEmail: contactRef.current?.Email ?? null },
      inspect,
    });
    const notify = listen(actor);
    const done = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      const sentTo = snapshot.output?.pendingEmail ?? null;
      if (sentTo !== null) setPendingEmail(sentTo);
      notify.unsubscribe();
      done.unsubscribe();
      emailRef.current = null;
      setEmailChange(null);
    });
    emailRef.current = actor;
    actor.start();
    setEmailChange(actor);
  };

  let shown: Loadable<PersonalInfoContact>;
  if (contact.data !== undefined && fields !== null && ssn !== null) {
    shown = { status: 'shown', data: { email: contact.data.Email, country: contact.data.MailingCountry, fields, ssn } };
  } else if (contact.data === undefined && contact.isError) {
    shown = { status: 'failed', onRetry: contact.refetch };
  } else {
    shown = { status: 'loading' };
  }
  return <PersonalInfoPage contact={shown} emailChange={emailChange} onChangeEmail={onChangeEmail} pendingEmail={pendingEmail} />;
}
