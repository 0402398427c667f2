import { fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { authorizationsMachine, type AuthorizationsInput } from '../../../machines/onboarding/authorizations.machine';
import { machineEntry } from '../../../machines/index';
import type { AuthorizationRecords, AuthorizationsUpdate } from '../../../src/domain/authorizations';
import { run, settle } from '../../support/machineTestKit';
import { pickEvents, runModelPaths } from '../../support/modelPaths';
import { NEW_CONTACT_AUTHORIZATIONS } from '../../support/authorizationRecords';

const entry = machineEntry('authorizations');
if (!entry) throw new Error('authorizations is not registered');
runModelPaths(entry, { variants: [
  {
    name: 'an agent without allowClientActions',
    input: { actor: { isAgent: true, allowClientActions: false }, permissionCheckEnabled: true },
    events: (registered) => pickEvents(registered, ['boxes.toggleAll', 'form.submit', 'xstate.done.actor.loadAuthorizations']),
  },
] });

const RECORDS: AuthorizationRecords = { ...NEW_CONTACT_AUTHORIZATIONS, Round_Opt_In__c: true, hasMobilePhone: true };
const CUSTOMER: AuthorizationsInput = { actor: { isAgent: false }, permissionCheckEnabled: true };

function authorizations(options: { input?: AuthorizationsInput; records?: AuthorizationRecords; saveError?: { code: string } } = {}) {
  const saved: AuthorizationsUpdate[] = [];
  const machine = authorizationsMachine.provide({
    actors: {
      loadAuthorizations: fromPromise(async () => options.records ?? RECORDS),
      saveAuthorizations: fromPromise(async ({ input }) => {
        saved.push(input);
        if (options.saveError) throw options.saveError;
      }),
    },
  });
  return { ...run(machine, options.input ?? CUSTOMER), saved };
}

const tickRequired = (send: (event: { type: 'box.toggle'; box: 'consentToBeContacted' | 'canLoanFromAnyone' | 'agreeToPII'; checked: boolean }) => void) => {
  send({ type: 'box.toggle', box: 'consentToBeContacted', checked: true });
  send({ type: 'box.toggle', box: 'canLoanFromAnyone', checked: true });
  send({ type: 'box.toggle', box: 'agreeToPII', checked: true });
};

describe('authorizations (spec 002 §4-§6)', () => {
  it('starts from the records and blocks submit until the three required boxes are ticked', async () => {
    const { actor } = authorizations();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.boxes).toEqual({ consentToBeContacted: false, canLoanFromAnyone: false, agreeToPII: false, shareInfo: true, smsOptIn: false });
    expect(snapshot.can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'box.toggle', box: 'consentToBeContacted', checked: true });
    actor.send({ type: 'box.toggle', box: 'canLoanFromAnyone', checked: true });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'box.toggle', box: 'agreeToPII', checked: true });
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true);
  });

  it('sends the SMS opt-in inverted, as an opt-out, and ends accepted', async () => {
    const { actor, saved } = authorizations();
    await settle();
    actor.send({ type: 'boxes.toggleAll', checked: true });
    actor.send({ type: 'box.toggle', box: 'smsOptIn', checked: false });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(saved).toEqual([{ DoNotCall: false, Allow_Referral_Update__c: true, agreedToPII: true, Round_Opt_In__c: true, SMS_Opt_out__c: true }]);
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('does not offer the SMS box without a mobile phone', async () => {
    const { actor, saved } = authorizations({ records: { ...RECORDS, hasMobilePhone: false } });
    await settle();
    actor.send({ type: 'box.toggle', box: 'smsOptIn', checked: true });
    expect(actor.getSnapshot().context.boxes.smsOptIn).toBe(false);
    actor.send({ type: 'boxes.toggleAll', checked: true });
    expect(actor.getSnapshot().context.boxes.smsOptIn).toBe(false);
    actor.send({ type: 'form.submit' });
    await settle();
    expect(saved[0]).not.toHaveProperty('SMS_Opt_out__c');
  });

  it('tells an agent without allowClientActions coach.toast.not-permitted behind the flag, and saves nothing', async () => {
    const { actor, saved, emitted } = authorizations({ input: { actor: { isAgent: true, allowClientActions: false }, permissionCheckEnabled: true } });
    await settle();
    tickRequired(actor.send);
    actor.send({ type: 'form.submit' });
    await settle();
    expect(emitted).toEqual([{ type: 'notify', level: 'warning', key: 'coach.toast.not-permitted' }]);
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('lets that agent accept when the flag is off', async () => {
    const { actor, saved } = authorizations({ input: { actor: { isAgent: true }, permissionCheckEnabled: false } });
    await settle();
    tickRequired(actor.send);
    actor.send({ type: 'form.submit' });
    await settle();
    expect(saved).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('accepted');
  });

  it('shows authorizations.error when saving fails, and the server refusal as the not-permitted toast', async () => {
    const failing = authorizations({ saveError: { code: 'internal' } });
    await settle();
    tickRequired(failing.actor.send);
    failing.actor.send({ type: 'form.submit' });
    await settle();
    expect(failing.actor.getSnapshot().context.errorKey).toBe('authorizations.error');
    expect(failing.actor.getSnapshot().value).toBe('editing');

    const refused = authorizations({ saveError: { code: 'permission-denied' } });
    await settle();
    tickRequired(refused.actor.send);
    refused.actor.send({ type: 'form.submit' });
    await settle();
    expect(refused.emitted).toEqual([{ type: 'notify', level: 'warning', key: 'coach.toast.not-permitted' }]);
  });

  it('offers a retry when the records cannot be loaded', async () => {
    let attempts = 0;
    const machine = authorizationsMachine.provide({
      actors: {
        loadAuthorizations: fromPromise(async () => {
          attempts += 1;
          if (attempts === 1) throw { code: 'unavailable' };
          return RECORDS;
        }),
      },
    });
    const { actor } = run(machine, CUSTOMER);
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe('authorizations.error');
    actor.send({ type: 'load.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
