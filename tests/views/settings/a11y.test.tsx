import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { communicationTogglesMachine } from '../../../machines/settings/communicationToggles.machine';
import { emailChangeMachine } from '../../../machines/settings/emailChange.machine';
import { goalEditMachine } from '../../../machines/settings/goalEdit.machine';
import { inlineEditMachine } from '../../../machines/settings/inlineEdit.machine';
import { passwordChangeMachine } from '../../../machines/settings/passwordChange.machine';
import { INLINE_CONTACT_FIELDS, type InlineContactField } from '../../../machines/settings/ports';
import { ssnRevealMachine } from '../../../machines/settings/ssnReveal.machine';
import { CommunicationsPage } from '../../../src/views/settings/CommunicationsPage';
import type { InlineEditActor } from '../../../src/views/settings/InlineEditField';
import { LoanGoalPage } from '../../../src/views/settings/LoanGoalPage';
import { PersonalInfoPage } from '../../../src/views/settings/PersonalInfoPage';
import { ReauthenticationDialog } from '../../../src/views/settings/ReauthenticationDialog';
import { SecurityPage } from '../../../src/views/settings/SecurityPage';
import { SettingsLayout } from '../../../src/views/settings/SettingsLayout';
import { authorizationsAnswer, SAMPLE_SETTINGS_CONTACT, userInfoAnswer } from '../../../machines/settings/entries';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { renderView } from '../../support/render';

// The settings views under axe's rules that need no layout (names, roles, ARIA, headings, forms), inside the settings
// layout: each page with its controls, a field being edited with its message, the email change and
// re-authentication dialogs. Contrast is checked in the browser (e2e).

const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
});

function start<T extends AnyActorRef>(actor: T): T {
  actor.start();
  actors.push(actor);
  return actor;
}

async function violations() {
  const off = { enabled: false };
  const results = await axe.run(document.body, { rules: { 'color-contrast': off, region: off } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function renderInLayout(section: 'loan-goal' | 'personal-info' | 'communications' | 'security', page: ReactNode) {
  await renderView(
    <Routes>
      <Route
        path="/settings/*"
        element={
          <main>
            <SettingsLayout section={section} showBilling={false} onSignOut={() => undefined}>
              {page}
            </SettingsLayout>
          </main>
        }
      />
    </Routes>,
    { route: `/settings/${section}` },
  );
}

describe('the settings views under axe', { timeout: 30_000 }, () => {
  it('loan goal', async () => {
    const machine = goalEditMachine.provide({
      actors: {
        getUserInfo: fromPromise<CallableResponse<'getUserInfo'>, CallableRequest<'getUserInfo'>>(async () =>
          userInfoAnswer(
            {
              id: 'goal-1',
              type: 'refinance',
              properties: { purchaseCity: 'Reno', purchaseState: 'NV', propertyType: 'single_family', loanType: 'conventional', currentHomePrice: 410000, cashOut: true },
              createdAt: null,
              updatedAt: null,
            },
            { id: 'personal-info-goal-1', annualIncome: 82000, createdAt: null, updatedAt: null },
          ),
        ),
      },
    });
    const actor = start(createActor(machine, { input: { actor: customer } }));
    await renderInLayout('loan-goal', <LoanGoalPage actor={actor} />);
    await screen.findByRole('button', { name: 'Save changes' });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findAllByText('Required');
    expect(await violations()).toEqual([]);
  });

  it('personal info, a field being edited and the email change dialog', async () => {
    const fieldMachine = inlineEditMachine.provide({
      actors: {
        updateCustomerContact: fromPromise<CallableResponse<'updateCustomerContact'>, CallableRequest<'updateCustomerContact'>>(async () => SAMPLE_SETTINGS_CONTACT),
      },
    });
    const fields = {} as Record<InlineContactField, InlineEditActor>;
    for (const field of INLINE_CONTACT_FIELDS) {
      fields[field] = start(createActor(fieldMachine, { input: { actor: customer, field, value: field === 'Social_Security_Number__c' ? '6789' : 'Text', today: '2026-11-26' } }));
    }
    const ssn = start(
      createActor(ssnRevealMachine.provide({ actors: { getSocialSecurityNumber: fromPromise<{ ssn: string }, CallableRequest<'getSocialSecurityNumber'>>(async () => ({ ssn: '666456789' })) } }), {
        input: { actor: customer, lastFour: '6789' },
      }),
    );
    const emailChange = start(
      createActor(
        emailChangeMachine.provide({
          actors: { changeEmail: fromPromise<CallableResponse<'changeEmail'>, CallableRequest<'changeEmail'>>(async () => ({ ok: true, pendingEmail: 'x@demo.test' })) },
        }),
        { input: { actor: customer, siteId: 'APP', currentEmail: 'dana@demo.test' } },
      ),
    );
    await renderInLayout(
      'personal-info',
      <PersonalInfoPage contact={{ status: 'shown', data: { email: 'dana@demo.test', country: 'United States', fields, ssn } }} emailChange={null} onChangeEmail={() => undefined} pendingEmail="dana.r@demo.test" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit Mobile phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Phone number must be in the format: 000-000-0000');
    expect(await violations()).toEqual([]);

    cleanup();
    await renderView(<PersonalInfoPage contact={{ status: 'shown', data: { email: 'dana@demo.test', country: null, fields, ssn } }} emailChange={emailChange} onChangeEmail={() => undefined} pendingEmail={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change your email' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    await within(dialog).findByText('Invalid email format');
    expect(await violations()).toEqual([]);
  });

  it('communications with the language choice', async () => {
    const machine = communicationTogglesMachine.provide({
      actors: {
        getAuthorizations: fromPromise<CallableResponse<'getAuthorizations'>, CallableRequest<'getAuthorizations'>>(async () =>
          authorizationsAnswer({
            values: { Allow_Referral_Update__c: true, Round_Opt_In__c: true, DoNotCall: false, Do_Not_SMS__c: false, SMS_Opt_out__c: false },
            hasMobilePhone: true,
          }),
        ),
      },
    });
    const actor = start(createActor(machine, { input: { actor: customer } }));
    await renderInLayout('communications', <CommunicationsPage actor={actor} language={{ value: 'en', onChange: () => undefined }} />);
    await screen.findByRole('switch', { name: 'Phone calls' });
    expect(await violations()).toEqual([]);
  });

  it('security with its notice and the re-authentication dialog', async () => {
    const machine = passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise<void, { newPassword: string }>(async () => Promise.reject(Object.assign(new Error('requires-recent-login'), { code: 'requires-recent-login' }))),
        reauthenticate: fromPromise<void, { password: string }>(async () => undefined),
        clearWeakPasswordFlag: fromPromise<CallableResponse<'clearWeakPasswordFlag'>, CallableRequest<'clearWeakPasswordFlag'>>(async () => ({ ok: true })),
        clearPasswordReset: fromPromise<CallableResponse<'clearWeakPasswordFlag'>, CallableRequest<'clearWeakPasswordFlag'>>(async () => ({ ok: true })),
      },
    });
    const actor = start(createActor(machine, { input: { actor: customer, paths: { page: '/settings/security', reauthentication: '/settings/security/auth' } } }));
    await renderInLayout(
      'security',
      <>
        <SecurityPage actor={actor} flags={{ weakPassword: true, passwordResetRequired: false }} />
        <ReauthenticationDialog actor={actor} />
      </>,
    );
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    await within(form).findByText(/Password must contain one lowercase letter/);
    expect(await violations()).toEqual([]);
    await userEvent.type(within(form).getByLabelText('New password'), 'Desert-Bloom-2027');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'Desert-Bloom-2027{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByRole('alert');
    expect(await violations()).toEqual([]);
  });
});
