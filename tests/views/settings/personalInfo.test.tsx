import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { emailChangeMachine } from '../../../machines/settings/emailChange.machine';
import { inlineEditMachine } from '../../../machines/settings/inlineEdit.machine';
import { SAMPLE_SETTINGS_CONTACT } from '../../../machines/settings/entries';
import { INLINE_CONTACT_FIELDS, type InlineContactField } from '../../../machines/settings/ports';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { ssnRevealMachine } from '../../../machines/settings/ssnReveal.machine';
import type { Language } from '../../../src/i18n';
import type { EmailChangeActor } from '../../../src/views/settings/EmailChangeDialog';
import type { InlineEditActor } from '../../../src/views/settings/InlineEditField';
import { PersonalInfoPage, type PersonalInfoPageProps } from '../../../src/views/settings/PersonalInfoPage';
import { renderView } from '../../support/render';

// settings/personal-info (spec 000 §2.5, §4.7, §5) bound to the real inlineEdit, ssnReveal and emailChange machines
// with fake calls: each field shows its value in words and edits on its own (the rule's message, Save, Cancel,
// Escape, focus back on the Edit button, the old value back when the save fails), the SSN masked with its show
// toggle, the email read-only with the email change request.

const TODAY = '2026-11-26';
const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };

const STORED: Record<InlineContactField, string | null> = {
  FirstName: 'Dana',
  MiddleName: null,
  LastName: 'Rivera',
  MobilePhone: '7025550199',
  Birthdate: '1988-04-09',
  Social_Security_Number__c: '6789',
  MailingStreet: '1200 Desert Bloom Ave',
  MailingCity: 'Las Vegas',
  MailingStateCode: 'NV',
  MailingPostalCode: '89101',
};

const running: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

function start<T extends AnyActorRef>(actor: T): T {
  actor.start();
  running.push(actor);
  return actor;
}

/** One changed field as the test reads it (updateCustomerContact's request holds just that field). */
type ContactFieldUpdate = { field: InlineContactField; value: unknown };

interface Fakes {
  saveField?: (update: ContactFieldUpdate) => Promise<void>;
  getSsn?: () => Promise<string>;
  changeEmail?: (newEmail: string) => Promise<{ pendingEmail: string }>;
  reauthenticate?: (password: string) => Promise<void>;
}

/** The server's answer to a sign-in too old for the full SSN or an email change. */
const recentSignInRequired = () => Object.assign(new Error('recent-sign-in-required'), { code: 'recent-sign-in-required', key: 'errors.settings.recent-sign-in-required' });

async function renderPage(fakes: Fakes = {}, options: { language?: Language; pendingEmail?: string | null } = {}) {
  const saveField = vi.fn(fakes.saveField ?? (async () => undefined));
  const getSsn = vi.fn(fakes.getSsn ?? (async () => '666456789'));
  const changeEmail = vi.fn(fakes.changeEmail ?? (async (newEmail: string) => ({ pendingEmail: newEmail })));
  const fieldMachine = inlineEditMachine.provide({
    actors: {
      updateCustomerContact: fromPromise(async ({ input }: { input: CallableRequest<'updateCustomerContact'> }) => {
        const [[field, value]] = Object.entries(input) as [[InlineContactField, unknown]];
        await saveField({ field, value });
        return { ...SAMPLE_SETTINGS_CONTACT, ...input } as CallableResponse<'updateCustomerContact'>;
      }),
    },
  });
  const fields = {} as Record<InlineContactField, InlineEditActor>;
  for (const field of INLINE_CONTACT_FIELDS) {
    fields[field] = start(createActor(fieldMachine, { input: { actor: customer, field, value: STORED[field], today: TODAY } }));
  }
  const reauthenticate = vi.fn(fakes.reauthenticate ?? (async () => undefined));
  const reauth = fromPromise(async ({ input }: { input: { password: string } }) => reauthenticate(input.password));
  const ssn = start(
    createActor(ssnRevealMachine.provide({ actors: { getSocialSecurityNumber: fromPromise(async () => ({ ssn: await getSsn() })), reauthenticate: reauth } }), {
      input: { actor: customer, lastFour: '6789' },
    }),
  );
  const emailMachine = emailChangeMachine.provide({
    actors: {
      changeEmail: fromPromise(async ({ input }: { input: CallableRequest<'changeEmail'> }) => ({ ok: true as const, ...(await changeEmail(input.newEmail)) })),
      reauthenticate: reauth,
    },
  });
  let emailChange: EmailChangeActor | null = null;
  const props = (): PersonalInfoPageProps => ({
    contact: { status: 'shown', data: { email: 'dana@demo.test', country: 'United States', fields, ssn } },
    emailChange,
    onChangeEmail: () => {
      emailChange = start(createActor(emailMachine, { input: { actor: customer, siteId: 'APP', currentEmail: 'dana@demo.test' } }));
      view.rerender(<PersonalInfoPage {...props()} />);
    },
    pendingEmail: options.pendingEmail ?? null,
  });
  const view = await renderView(<PersonalInfoPage {...props()} />, { language: options.language });
  return { fields, saveField, getSsn, changeEmail, reauthenticate };
}

const row = (field: string) => screen.getByTestId(`field-${field}`);

describe('the personal info page', { timeout: 20_000 }, () => {
  it('shows every contact field in words, the email and country read-only', async () => {
    await renderPage();
    expect(within(row('FirstName')).getByText('Dana')).toBeTruthy();
    expect(within(row('MiddleName')).getByText('Not provided')).toBeTruthy();
    expect(within(row('MobilePhone')).getByText('(702) 555-0199')).toBeTruthy();
    expect(within(row('Birthdate')).getByText('April 9, 1988')).toBeTruthy();
    expect(within(row('Social_Security_Number__c')).getByText('***-**-6789')).toBeTruthy();
    expect(within(row('MailingStateCode')).getByText('Nevada')).toBeTruthy();
    expect(within(row('MailingPostalCode')).getByText('89101')).toBeTruthy();
    expect(within(row('Email')).getByText('dana@demo.test')).toBeTruthy();
    expect(within(row('Email')).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(row('MailingCountry')).getByText('United States')).toBeTruthy();
    expect(within(row('MailingCountry')).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Edit / }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Edit First name',
      'Edit Middle name',
      'Edit Last name',
      'Edit Mobile phone',
      'Edit Date of birth',
      'Edit Social Security number',
      'Edit Street address',
      'Edit City',
      'Edit State',
      'Edit ZIP code',
    ]);
  });

  it('edits a phone number: the input starts with it typed 000-000-0000, refuses another format, sends it as typed', async () => {
    const { saveField } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Mobile phone' }));
    const input = screen.getByRole('textbox', { name: 'Mobile phone' }) as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('702-555-0199');
    expect(within(row('MobilePhone')).getByText('Format: 000-000-0000')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, '70255501');
    await userEvent.click(within(row('MobilePhone')).getByRole('button', { name: 'Save' }));
    expect(await within(row('MobilePhone')).findByText('Phone number must be in the format: 000-000-0000')).toBeTruthy();
    expect(saveField).not.toHaveBeenCalled();
    await userEvent.type(input, '88');
    expect(input.value).toBe('702-555-0188');
    await userEvent.click(within(row('MobilePhone')).getByRole('button', { name: 'Save' }));
    expect(await within(row('MobilePhone')).findByText('(702) 555-0188')).toBeTruthy();
    expect(saveField).toHaveBeenCalledWith({ field: 'MobilePhone', value: '702-555-0188' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Mobile phone' })));
  });

  it('saves nothing when the value did not change, and Escape cancels with focus back on Edit', async () => {
    const { saveField } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit City' }));
    await userEvent.click(within(row('MailingCity')).getByRole('button', { name: 'Save' }));
    expect(within(row('MailingCity')).getByText('Las Vegas')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit City' }));
    const input = screen.getByRole('textbox', { name: 'City' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Henderson{Escape}');
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
    expect(within(row('MailingCity')).getByText('Las Vegas')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit City' }));
    expect(saveField).not.toHaveBeenCalled();
  });

  it('shows the old value again when the save fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    await renderPage({ saveField: () => new Promise((_, reject) => (fail = reject)) });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Street address' }));
    const input = screen.getByRole('textbox', { name: 'Street address' });
    await userEvent.clear(input);
    await userEvent.type(input, '9 Sunset Rd{Enter}');
    expect(within(row('MailingStreet')).getByText('9 Sunset Rd')).toBeTruthy();
    expect(within(row('MailingStreet')).getByRole('status').textContent).toBe('Saving Street address…');
    expect((screen.getByRole('button', { name: 'Edit Street address' }) as HTMLButtonElement).disabled).toBe(true);
    fail(Object.assign(new Error('unavailable'), { code: 'unavailable' }));
    expect(await within(row('MailingStreet')).findByText('1200 Desert Bloom Ave')).toBeTruthy();
    expect(within(row('MailingStreet')).queryByText('9 Sunset Rd')).toBeNull();
  });

  it('requires a first name and picks the state from the 50 states and DC', async () => {
    const { saveField } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit First name' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'First name' }));
    await userEvent.click(within(row('FirstName')).getByRole('button', { name: 'Save' }));
    expect(await within(row('FirstName')).findByText('Enter a name.')).toBeTruthy();
    await userEvent.click(within(row('FirstName')).getByRole('button', { name: 'Cancel' }));
    expect(within(row('FirstName')).getByText('Dana')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Edit State' }));
    const state = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect(state.value).toBe('NV');
    expect([...state.options].filter((option) => !option.disabled)).toHaveLength(51);
    await userEvent.selectOptions(state, 'District of Columbia');
    await userEvent.click(within(row('MailingStateCode')).getByRole('button', { name: 'Save' }));
    expect(await within(row('MailingStateCode')).findByText('District of Columbia')).toBeTruthy();
    expect(saveField).toHaveBeenCalledWith({ field: 'MailingStateCode', value: 'DC' });
  });

  it('takes a birthdate within 12 to 120 years ago and a ZIP code as 12345 or 12345-6789', async () => {
    const { saveField } = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Date of birth' }));
    const birthdate = within(row('Birthdate')).getByLabelText('Date of birth') as HTMLInputElement;
    expect(birthdate.type).toBe('date');
    expect([birthdate.min, birthdate.max]).toEqual(['1906-11-26', '2014-11-26']);
    expect(birthdate.value).toBe('1988-04-09');
    await userEvent.clear(birthdate);
    await userEvent.type(birthdate, '2020-01-01');
    await userEvent.click(within(row('Birthdate')).getByRole('button', { name: 'Save' }));
    expect(await within(row('Birthdate')).findByText('Birthdate must be between 12 and 120 years ago.')).toBeTruthy();
    await userEvent.click(within(row('Birthdate')).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit ZIP code' }));
    const zip = screen.getByRole('textbox', { name: 'ZIP code' });
    await userEvent.clear(zip);
    await userEvent.type(zip, '8910');
    await userEvent.click(within(row('MailingPostalCode')).getByRole('button', { name: 'Save' }));
    expect(await within(row('MailingPostalCode')).findByText('ZIP Code must be in the format: 12345 or 12345-6789')).toBeTruthy();
    await userEvent.type(zip, '1-2345');
    await userEvent.click(within(row('MailingPostalCode')).getByRole('button', { name: 'Save' }));
    expect(await within(row('MailingPostalCode')).findByText('89101-2345')).toBeTruthy();
    expect(saveField).toHaveBeenCalledWith({ field: 'MailingPostalCode', value: '89101-2345' });
  });

  it('shows the Social Security number masked, and in full 3-2-4 only while the toggle is pressed', async () => {
    const { getSsn } = await renderPage();
    const toggle = within(row('Social_Security_Number__c')).getByRole('button', { name: 'Show number' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(await within(row('Social_Security_Number__c')).findByText('666-45-6789')).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(getSsn).toHaveBeenCalledTimes(1);
    await userEvent.click(toggle);
    expect(within(row('Social_Security_Number__c')).getByText('***-**-6789')).toBeTruthy();
    expect(within(row('Social_Security_Number__c')).queryByText('666-45-6789')).toBeNull();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('asks an old sign-in for the password before it shows the full number, then shows it', async () => {
    let recent = false;
    const { getSsn, reauthenticate } = await renderPage({
      getSsn: async () => {
        if (!recent) throw recentSignInRequired();
        return '666456789';
      },
      reauthenticate: async (password) => {
        if (password !== 'Right-Password-1') throw Object.assign(new Error('wrong'), { code: 'auth/wrong-password' });
        recent = true;
      },
    });
    await userEvent.click(within(row('Social_Security_Number__c')).getByRole('button', { name: 'Show number' }));
    const prompt = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(within(prompt).getByText('For your security, please sign in again: enter your password to continue.')).toBeTruthy();
    await userEvent.type(within(prompt).getByLabelText('Current password'), 'wrong{Enter}');
    expect((await within(prompt).findByRole('alert')).textContent).toBe('Unable to authenticate. Please check your password and try again.');
    await userEvent.clear(within(prompt).getByLabelText('Current password'));
    await userEvent.type(within(prompt).getByLabelText('Current password'), 'Right-Password-1{Enter}');
    expect(await within(row('Social_Security_Number__c')).findByText('666-45-6789')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).toBeNull());
    expect([getSsn.mock.calls.length, reauthenticate.mock.calls.map(([password]) => password)]).toEqual([2, ['wrong', 'Right-Password-1']]);
  });

  it('asks an old sign-in for the password in the email change dialog, then sends the request by itself', async () => {
    let recent = false;
    const { changeEmail } = await renderPage({
      changeEmail: async (newEmail) => {
        if (!recent) throw recentSignInRequired();
        return { pendingEmail: newEmail };
      },
      reauthenticate: async () => {
        recent = true;
      },
    });
    await userEvent.click(within(row('Email')).getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your email' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'New email' }), 'dana.r@demo.test{Enter}');
    expect(await within(dialog).findByText('For your security, please sign in again: enter your password to continue.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Current password'), 'Right-Password-1{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Check your new inbox' })).toBeTruthy();
    expect(changeEmail.mock.calls).toEqual([['dana.r@demo.test'], ['dana.r@demo.test']]);
  });

  it('edits the Social Security number from an empty box, formatted 3-2-4 as it is typed, showing only its new last four', async () => {
    let finish: () => void = () => undefined;
    const { saveField } = await renderPage({ saveField: () => new Promise<void>((resolve) => (finish = resolve)) });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Social Security number' }));
    const input = screen.getByRole('textbox', { name: 'Social Security number' }) as HTMLInputElement;
    expect(input.value).toBe('');
    await userEvent.type(input, '12345');
    await userEvent.click(within(row('Social_Security_Number__c')).getByRole('button', { name: 'Save' }));
    expect(await within(row('Social_Security_Number__c')).findByText('Enter a valid 9-digit social security number.')).toBeTruthy();
    await userEvent.type(input, '4321');
    expect(input.value).toBe('123-45-4321');
    await userEvent.click(within(row('Social_Security_Number__c')).getByRole('button', { name: 'Save' }));
    expect(saveField).toHaveBeenCalledWith({ field: 'Social_Security_Number__c', value: '123454321' });
    expect(within(row('Social_Security_Number__c')).getByText('***-**-4321')).toBeTruthy();
    expect(within(row('Social_Security_Number__c')).queryByText(/123-45/)).toBeNull();
    finish();
    await waitFor(() => expect(within(row('Social_Security_Number__c')).queryByRole('status')).toBeNull());
  });

  it('requests an email change: the email rule, an address in use, then where the link went', async () => {
    let calls = 0;
    const { changeEmail } = await renderPage({
      changeEmail: async (newEmail) => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('duplicate-email'), { code: 'duplicate-email', key: 'errors.settings.email-in-use' });
        return { pendingEmail: newEmail };
      },
    });
    await userEvent.click(within(row('Email')).getByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your email' });
    expect(within(dialog).getByText(/Your current email is dana@demo.test/)).toBeTruthy();
    const input = within(dialog).getByRole('textbox', { name: 'New email' });
    await userEvent.type(input, 'dana.at.home');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeTruthy();
    expect(changeEmail).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'dana.rivera@demo.test{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
'This email is already in use.');
    await userEvent.clear(input);
    await userEvent.type(input, 'dana.r@demo.test{Enter}');
    const sent = await screen.findByRole('dialog', { name: 'Check your new inbox' });
    expect(within(sent).getByText('We sent a confirmation link to dana.r@demo.test. Open it within 3 days to finish the change.')).toBeTruthy();
    expect(within(sent).getByText(/link to undo it/)).toBeTruthy();
    expect(changeEmail).toHaveBeenLastCalledWith('dana.r@demo.test');
    expect(document.activeElement).toBe(within(sent).getByRole('button', { name: 'Done' }));
    await userEvent.click(within(sent).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when an email change waits for its confirmation', async () => {
    await renderPage({}, { pendingEmail: 'dana.r@demo.test' });
    expect(within(row('Email')).getByRole('status').textContent).toBe(
      'Waiting for you to confirm dana.r@demo.test. Your email stays the same until you open the link we sent there.',
    );
  });

  it('reads in Spanish', async () => {
    await renderPage({}, { language: 'es' });
    expect(screen.getByRole('heading', { name: 'Dirección postal' })).toBeTruthy();
    expect(within(row('Birthdate')).getByText('9 de abril de 1988')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar Número de Seguro Social' })).toBeTruthy();
    expect(within(row('Social_Security_Number__c')).getByRole('button', { name: 'Mostrar número' })).toBeTruthy();
    expect(within(row('Email')).getByRole('button', { name: 'Cambiar correo' })).toBeTruthy();
    expect(within(row('MiddleName')).getByText('Sin indicar')).toBeTruthy();
  });
});
