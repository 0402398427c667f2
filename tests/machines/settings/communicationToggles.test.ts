import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { machineEntry } from '../../../machines/index';
import {
  communicationSettingsOf,
  communicationTogglesMachine,
  communicationTogglesSelectors,
  type CommunicationSettings,
  type CommunicationTogglesInput,
} from '../../../machines/settings/communicationToggles.machine';
import { authorizationsAnswer, SAMPLE_COMMUNICATIONS, SAMPLE_SETTINGS_COACH, SAMPLE_SETTINGS_CUSTOMER } from '../../../machines/settings/entries';
import type { CommunicationValues } from '../../../machines/settings/ports';
import type { CallableRequest, CallableResponse } from '../../../src/contract/callables';
import { run, settle } from '../../support/machineTestKit';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('communicationToggles');
if (!entry) throw new Error('communicationToggles is not registered');
const REGISTERED = entry.testModel.input as CommunicationTogglesInput;

runModelPaths(entry, { variants: [{ name: 'a coach without permission', input: { ...REGISTERED, actor: SAMPLE_SETTINGS_COACH } }] });

type Authorizations = CallableResponse<'getAuthorizations'>;

/** The communications page over a server holding `stored`; `failSaves` makes every save fail with it. */
function page(input: Partial<CommunicationTogglesInput> = {}, stored: CommunicationSettings = SAMPLE_COMMUNICATIONS, failSaves: object | null = null) {
  const saves: Partial<CommunicationValues>[] = [];
  const machine = communicationTogglesMachine.provide({
    actors: {
      getAuthorizations: fromPromise<Authorizations, CallableRequest<'getAuthorizations'>>(async () => authorizationsAnswer(stored)),
      updateAuthorizations: fromPromise<Authorizations, CallableRequest<'updateAuthorizations'>>(async ({ input: request }) => {
        if (!('communications' in request)) throw new Error('not the settings form of updateAuthorizations');
        saves.push(request.communications);
        if (failSaves) throw failSaves;
        return authorizationsAnswer(stored);
      }),
    },
  });
  const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER, ...input });
  const snapshot = () => running.actor.getSnapshot();
  return {
    saves,
    snapshot,
    values: () => communicationTogglesSelectors.values(snapshot()),
    send: async (event: Parameters<typeof running.actor.send>[0]) => {
      running.actor.send(event);
      await settle();
    },
    notices: () => running.emitted.map(({ level, key }) => ({ level, key })),
  };
}

describe('the communication toggles (spec 000 §2.5, §3.4, §8)', () => {
  it('shows the stored choices once loaded', async () => {
    const p = page();
    await settle();
    expect([communicationTogglesSelectors.status(p.snapshot()), p.values()]).toEqual(['ready', SAMPLE_COMMUNICATIONS.values]);
  });

  it('a toggle moves at once and saves only itself', async () => {
    const p = page();
    await settle();
    p.snapshot();
    const sent = p.send({ type: 'toggle.change', toggle: 'DoNotCall', value: true });
    expect([communicationTogglesSelectors.value('DoNotCall')(p.snapshot()), communicationTogglesSelectors.savingToggle(p.snapshot())]).toEqual([true, 'DoNotCall']);
    await sent;
    expect([p.saves, p.values().DoNotCall, communicationTogglesSelectors.busy(p.snapshot()), p.notices()]).toEqual([[{ DoNotCall: true }], true, false, []]);
  });

  it('turned off and on again, each change is saved', async () => {
    const p = page();
    await settle();
    await p.send({ type: 'toggle.change', toggle: 'Round_Opt_In__c', value: false });
    await p.send({ type: 'toggle.change', toggle: 'Round_Opt_In__c', value: true });
    expect([p.saves, p.values().Round_Opt_In__c]).toEqual([[{ Round_Opt_In__c: false }, { Round_Opt_In__c: true }], true]);
  });

  it('a failed save moves the toggle back with authorizations.error', async () => {
    const p = page({}, SAMPLE_COMMUNICATIONS, { code: 'unavailable' });
    await settle();
    await p.send({ type: 'toggle.change', toggle: 'Allow_Referral_Update__c', value: false });
    expect([p.values().Allow_Referral_Update__c, p.notices()]).toEqual([true, [{ level: 'error', key: 'authorizations.error' }]]);
  });

  it('a coach without allowClientActions is refused before any call (update auth, spec 000 §6); a coach with it may', async () => {
    const refused = page({ actor: SAMPLE_SETTINGS_COACH });
    await settle();
    await refused.send({ type: 'toggle.change', toggle: 'DoNotCall', value: true });
    expect([refused.saves, refused.values().DoNotCall, refused.notices()]).toEqual([[], false, [{ level: 'warning', key: 'coach.toast.not-permitted' }]]);
    const allowed = page({ actor: { ...SAMPLE_SETTINGS_COACH, allowClientActions: true } });
    await settle();
    await allowed.send({ type: 'toggle.change', toggle: 'DoNotCall', value: true });
    expect(allowed.saves).toEqual([{ DoNotCall: true }]);
  });

  it('without a mobile phone the SMS opt-out is not offered and not saved', async () => {
    const p = page({}, { ...SAMPLE_COMMUNICATIONS, hasMobilePhone: false });
    await settle();
    await p.send({ type: 'toggle.change', toggle: 'SMS_Opt_out__c', value: true });
    expect([communicationTogglesSelectors.toggles(p.snapshot()), p.saves]).toEqual([
      ['Allow_Referral_Update__c', 'Round_Opt_In__c', 'DoNotCall', 'Do_Not_SMS__c'],
      [],
    ]);
  });

  it('a load failure offers Try again', async () => {
    let attempts = 0;
    const machine = communicationTogglesMachine.provide({
      actors: {
        getAuthorizations: fromPromise<Authorizations, CallableRequest<'getAuthorizations'>>(async () => {
          attempts += 1;
          if (attempts === 1) throw { code: 'unavailable' };
          return authorizationsAnswer(SAMPLE_COMMUNICATIONS);
        }),
      },
    });
    const running = run(machine, { actor: SAMPLE_SETTINGS_CUSTOMER });
    await settle();
    expect(communicationTogglesSelectors.status(running.actor.getSnapshot())).toBe('loadFailed');
    running.actor.send({ type: 'load.retry' });
    await settle();
    expect(communicationTogglesSelectors.status(running.actor.getSnapshot())).toBe('ready');
  });
});

describe('the authorizations as the page reads them (spec 000 §2.5)', () => {
  it('takes every toggle from getAuthorizations, an unset one as off', () => {
    const answer: Authorizations = {
      DoNotCall: false,
      Allow_Referral_Update__c: true,
      Round_Opt_In__c: null,
      SMS_Opt_out__c: true,
      Do_Not_SMS__c: null,
      hasMobilePhone: true,
      agreedToPIIAt: '2026-11-02T15:04:05.000Z',
    };
    expect(communicationSettingsOf(answer)).toEqual({
      values: { Allow_Referral_Update__c: true, Round_Opt_In__c: false, DoNotCall: false, Do_Not_SMS__c: false, SMS_Opt_out__c: true },
      hasMobilePhone: true,
    });
  });
});
