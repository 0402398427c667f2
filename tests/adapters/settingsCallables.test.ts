import { QueryClient } from '@tanstack/query-core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  readinessScoreAnswer,
  SAMPLE_SETTINGS_CONTACT,
  SAMPLE_SETTINGS_CUSTOMER,
  SAMPLE_SETTINGS_TODAY,
  SAMPLE_USER_INFO,
} from '../../machines/settings/entries';
import { communicationTogglesSelectors } from '../../machines/settings/communicationToggles.machine';
import { emailChangeSelectors } from '../../machines/settings/emailChange.machine';
import { goalEditSelectors } from '../../machines/settings/goalEdit.machine';
import { inlineEditSelectors } from '../../machines/settings/inlineEdit.machine';
import { ssnRevealSelectors } from '../../machines/settings/ssnReveal.machine';
import type { SettingsPort } from '../../machines/settings/ports';
import { QUERY_KEYS } from '../../src/app/ports';
import { QUERY_STALE_MS } from '../../src/domain/constants';
import { sdkCallableError } from '../support/callableFailures';
import { functionsSdk as sdk, resetFunctionsSdk, serverAnswers as server } from '../support/functionsSdkFake';
import { OFFLINE_FIREBASE_CONFIG } from '../support/offlineFirebase';

// The seam between the settings machines and their callables, whole: the machine's callable actor from the table in
// src/app/callableActors.ts, the real typed client (`callAsSent`, src/adapters/firebase/callables.ts: the contract's
// parsing and the one error mapping, toPortError) and the Functions SDK's httpsCallable faked to answer, or to throw
// what the SDK throws when the server refuses (a FunctionsError with the server's message and details,
// tests/support/functionsSdkFake.ts). What the machine then shows is what a customer sees; nothing between the server's
// throw and the machine is faked. How `call` maps each kind of failure: tests/adapters/callableErrors.test.ts.

vi.mock('firebase/functions', async (importOriginal) =>
  (await import('../support/functionsSdkFake')).fakeFunctionsModule(await importOriginal<typeof import('firebase/functions')>()),
);

const { callAsSent } = await import('../../src/adapters/firebase/callables');
const { configureFirebase } = await import('../../src/adapters/firebase/firebaseSettings');
const { provideCommunicationTogglesMachine, provideEmailChangeMachine, provideGoalEditMachine, provideInlineEditMachine, provideSsnRevealMachine } =
  await import('../../src/app/settings/machines');

beforeAll(() => configureFirebase(OFFLINE_FIREBASE_CONFIG));

beforeEach(() => resetFunctionsSdk());

/**
 * The app's ports as the table uses them: the real client, a fresh page cache (stale after 2 minutes as the page's,
 * src/adapters/firebase/queryCache.ts; no retries, so a failure shows at once), and a password prompt that agrees.
 */
function appPorts() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: QUERY_STALE_MS, retry: false } } });
  const reauthenticated: string[] = [];
  const settings = {
    reauthenticate: async (password: string) => {
      reauthenticated.push(password);
    },
  } as unknown as SettingsPort;
  return { ports: { call: callAsSent, queryClient: async () => client, settings: async () => settings }, client, reauthenticated };
}

describe('a settings callable, from the server through the table to the machine', () => {
  it('a sign-in too old for the full SSN (the server refuses with its spec code and key) opens the password prompt, and the number shows once signed in again', async () => {
    let recent = false;
    server({
      getSocialSecurityNumber: () => {
        if (!recent) throw sdkCallableError('failed-precondition', 'recent-sign-in-required', { key: 'errors.settings.recent-sign-in-required' });
        return { ssn: '666456789' };
      },
    });
    const { ports, reauthenticated } = appPorts();
    const ssn = createActor(provideSsnRevealMachine(ports), { input: { actor: SAMPLE_SETTINGS_CUSTOMER, lastFour: '6789' } }).start();
    ssn.send({ type: 'ssn.show' });
    await waitFor(ssn, (snapshot) => ssnRevealSelectors.reauthenticating(snapshot));
    recent = true;
    ssn.send({ type: 'reauth.submit', password: 'Demo-Credit-2026!' });
    const shown = await waitFor(ssn, (snapshot) => ssnRevealSelectors.revealed(snapshot));
    expect([ssnRevealSelectors.display(shown), reauthenticated, sdk.calls]).toEqual([
      '666-45-6789',
      ['Demo-Credit-2026!'],
      [
        ['getSocialSecurityNumber', null],
        ['getSocialSecurityNumber', null],
      ],
    ]);
    ssn.stop();
  });

  it("an address in use says so, whether the server names it by its message or, as an older server does, by its details' key", async () => {
    for (const refusal of [
      sdkCallableError('already-exists', 'duplicate-email'),
      sdkCallableError('failed-precondition', 'The email address is already in use.', { key: 'errors.settings.email-in-use' }),
    ]) {
      server({
        changeEmail: () => {
          throw refusal;
        },
      });
      const { ports } = appPorts();
      const dialog = createActor(provideEmailChangeMachine(ports), {
        input: { actor: SAMPLE_SETTINGS_CUSTOMER, siteId: 'APP', currentEmail: 'settings.customer@demo.test' },
      }).start();
      dialog.send({ type: 'field.change', field: 'email', value: 'taken@demo.test' });
      dialog.send({ type: 'form.submit' });
      const refused = await waitFor(dialog, (snapshot) => emailChangeSelectors.errorKey(snapshot) !== null);
      expect([emailChangeSelectors.errorKey(refused), emailChangeSelectors.sent(refused)]).toEqual(['errors.settings.email-in-use', false]);
      dialog.stop();
    }
    // The request as the contract takes it: the site the app runs as, the address normalised.
    expect(sdk.calls.at(-1)).toEqual(['changeEmail', { siteId: 'APP', newEmail: 'taken@demo.test' }]);
  });

  it('a saved field sends only that field and marks every cached copy of the contact stale (the invalidation the table declares)', async () => {
    server({ updateCustomerContact: (data) => ({ ...SAMPLE_SETTINGS_CONTACT, ...(data as object) }) });
    const { ports, client } = appPorts();
    // The shell's copy (the broker banner) and the personal-info page's own.
    client.setQueryData([...QUERY_KEYS.customerContact], SAMPLE_SETTINGS_CONTACT);
    client.setQueryData([...QUERY_KEYS.customerContact, 'settings'], SAMPLE_SETTINGS_CONTACT);
    const field = createActor(provideInlineEditMachine(ports), {
      input: { actor: SAMPLE_SETTINGS_CUSTOMER, field: 'MailingCity', value: 'Boise', today: SAMPLE_SETTINGS_TODAY },
    }).start();
    field.send({ type: 'edit.start' });
    field.send({ type: 'edit.change', value: ' Meridian ' });
    field.send({ type: 'edit.save' });
    const saved = await waitFor(field, (snapshot) => inlineEditSelectors.mode(snapshot) === 'view' && inlineEditSelectors.value(snapshot) === 'Meridian');
    expect([
      sdk.calls,
      client.getQueryState([...QUERY_KEYS.customerContact])?.isInvalidated,
      client.getQueryState([...QUERY_KEYS.customerContact, 'settings'])?.isInvalidated,
      saved.status,
    ]).toEqual([[['updateCustomerContact', { MailingCity: 'Meridian' }]], true, true, 'active']);
    field.stop();
  });

  it('a save the server refuses (the session may not act) shows the refusal, brings the old value back and marks nothing stale', async () => {
    const { ports, client } = appPorts();
    client.setQueryData([...QUERY_KEYS.customerContact], SAMPLE_SETTINGS_CONTACT);
    server({
      updateCustomerContact: () => {
        throw sdkCallableError('permission-denied', 'permission-denied', { key: 'coach.toast.not-permitted' });
      },
    });
    const field = createActor(provideInlineEditMachine(ports), {
      input: { actor: SAMPLE_SETTINGS_CUSTOMER, field: 'MailingCity', value: 'Boise', today: SAMPLE_SETTINGS_TODAY },
    });
    const notices: string[] = [];
    field.on('notify', (event) => notices.push(event.key));
    field.start();
    field.send({ type: 'edit.start' });
    field.send({ type: 'edit.change', value: 'Meridian' });
    field.send({ type: 'edit.save' });
    await waitFor(field, () => notices.length > 0);
    expect([inlineEditSelectors.value(field.getSnapshot()), notices, client.getQueryState([...QUERY_KEYS.customerContact])?.isInvalidated]).toEqual([
      'Boise',
      ['coach.toast.not-permitted'],
      false,
    ]);
    field.stop();
  });

  it('a toggle the server refuses moves back with its message, and the authorizations and the contact are read again anyway', async () => {
    const stored = { DoNotCall: false, Allow_Referral_Update__c: true, Round_Opt_In__c: null, SMS_Opt_out__c: false, Do_Not_SMS__c: null, hasMobilePhone: true, agreedToPIIAt: '2026-11-02T15:04:05.000Z' };
    server({
      getAuthorizations: () => stored,
      updateAuthorizations: () => {
        throw sdkCallableError('unavailable', 'unavailable');
      },
    });
    const { ports, client } = appPorts();
    client.setQueryData([...QUERY_KEYS.customerContact], SAMPLE_SETTINGS_CONTACT);
    const page = createActor(provideCommunicationTogglesMachine(ports), { input: { actor: SAMPLE_SETTINGS_CUSTOMER } });
    const notices: string[] = [];
    page.on('notify', (event) => notices.push(event.key));
    page.start();
    await waitFor(page, (snapshot) => communicationTogglesSelectors.status(snapshot) === 'ready');
    page.send({ type: 'toggle.change', toggle: 'DoNotCall', value: true });
    await waitFor(page, () => notices.length > 0);
    expect([
      communicationTogglesSelectors.values(page.getSnapshot()).DoNotCall,
      notices,
      sdk.calls.at(-1),
      client.getQueryState([...QUERY_KEYS.customerContact])?.isInvalidated,
      client.getQueryState([...QUERY_KEYS.authorizations, 'settings'])?.isInvalidated,
    ]).toEqual([false, ['authorizations.error'], ['updateAuthorizations', { communications: { DoNotCall: true } }], true, true]);
    page.stop();
  });

  it("a saved goal sends only what changed, then shows the score the server recomputed, and marks every copy of the user info and the readiness score stale; the page's read comes from the cache", async () => {
    server({
      getUserInfo: () => SAMPLE_USER_INFO,
      // The stored goal with the saved answers.
      updateUserInfo: (data) => {
        const { goal } = data as { goal: { properties: object } };
        return { ...SAMPLE_USER_INFO, goal: { ...SAMPLE_USER_INFO.goal, properties: { ...SAMPLE_USER_INFO.goal?.properties, ...goal.properties } } };
      },
      getReadinessScore: () => readinessScoreAnswer(71, 66),
    });
    const { ports, client } = appPorts();
    // The onboarding pages' copy of the user info and the home hub's readiness score.
    client.setQueryData([...QUERY_KEYS.userInfo], SAMPLE_USER_INFO);
    client.setQueryData([...QUERY_KEYS.readinessScore], { displayScore: 66 });
    const open = () => createActor(provideGoalEditMachine(ports), { input: { actor: SAMPLE_SETTINGS_CUSTOMER } }).start();
    const first = open();
    await waitFor(first, (snapshot) => goalEditSelectors.status(snapshot) === 'editing');
    first.stop();
    // The page opened again within two minutes reads the goal from the cache.
    const page = open();
    await waitFor(page, (snapshot) => goalEditSelectors.status(snapshot) === 'editing');
    page.send({ type: 'form.change', values: { purchasePrice: '365,000' } });
    page.send({ type: 'form.submit' });
    const saved = await waitFor(page, (snapshot) => goalEditSelectors.saved(snapshot));
    expect([
      goalEditSelectors.displayScore(saved),
      sdk.calls,
      client.getQueryState([...QUERY_KEYS.userInfo])?.isInvalidated,
      client.getQueryState([...QUERY_KEYS.userInfo, 'settings'])?.isInvalidated,
      client.getQueryState([...QUERY_KEYS.readinessScore])?.isInvalidated,
    ]).toEqual([
      71,
      [
        ['getUserInfo', null],
        ['updateUserInfo', { goal: { id: SAMPLE_USER_INFO.goal?.id, properties: { purchasePrice: 365_000 } } }],
        ['getReadinessScore', null],
      ],
      true,
      true,
      true,
    ]);
    page.stop();
  });
});
