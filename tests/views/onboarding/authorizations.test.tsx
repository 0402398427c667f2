import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authorizationsMachine } from '../../../machines/onboarding/authorizations.machine';
import type { AuthorizationRecords, AuthorizationsUpdate } from '../../../src/domain/authorizations';
import type { ActorFacts } from '../../../src/domain/permissions';
import { inspect } from '../../../src/inspect';
import { AuthorizationsPage } from '../../../src/views/onboarding/AuthorizationsPage';
import { renderView } from '../../support/render';
import { NEW_CONTACT_AUTHORIZATIONS } from '../../support/authorizationRecords';

const RECORDS: AuthorizationRecords = { ...NEW_CONTACT_AUTHORIZATIONS, hasMobilePhone: true };

const BOX = {
  consent: 'I consent to be contacted by phone, email and text about my account and my loan goal.',
  loan: 'I understand that I can get my loan from any lender I choose.',
  pii: 'I agree to the collection and use of my personal information as described in the privacy policy.',
  share: 'Share my progress with my loan professional and trusted partners.',
  sms: 'Send me text message updates. Message and data rates may apply.',
};

interface Options {
  records?: AuthorizationRecords;
  load?: () => Promise<AuthorizationRecords>;
  save?: (update: AuthorizationsUpdate) => Promise<void>;
  actor?: ActorFacts;
}

function authorizationsActor({ records = RECORDS, load, save = async () => undefined, actor = {} }: Options = {}) {
  const machine = authorizationsMachine.provide({
    actors: {
      loadAuthorizations: fromPromise(load ?? (async () => records)),
      saveAuthorizations: fromPromise<void, AuthorizationsUpdate>(({ input }) => save(input)),
    },
  });
  return createActor(machine, { input: { actor, permissionCheckEnabled: true }, inspect }).start();
}

const accept = () => screen.getByRole('button', { name: 'Accept and continue' });

describe('authorizations page', () => {
  it('shows the three required boxes, share info and the SMS opt-in for a contact with a mobile phone', async () => {
    await renderView(<AuthorizationsPage actor={authorizationsActor()} onSignOut={() => undefined} />);
    for (const label of Object.values(BOX)) expect(await screen.findByRole('checkbox', { name: label })).toBeTruthy();
  });

  it('does not offer the SMS opt-in without a mobile phone', async () => {
    await renderView(
      <AuthorizationsPage actor={authorizationsActor({ records: { ...RECORDS, hasMobilePhone: false } })} onSignOut={() => undefined} />,
    );
    await screen.findByRole('checkbox', { name: BOX.consent });
    expect(screen.queryByRole('checkbox', { name: BOX.sms })).toBeNull();
  });

  it('starts from the contact and customer records', async () => {
    const records = { ...RECORDS, DoNotCall: false, Round_Opt_In__c: true, SMS_Opt_out__c: true };
    await renderView(<AuthorizationsPage actor={authorizationsActor({ records })} onSignOut={() => undefined} />);
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: BOX.consent })).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: BOX.share }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: BOX.loan }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: BOX.sms }).checked).toBe(false);
  });

  it('keeps Accept disabled until the three required boxes are ticked', async () => {
    await renderView(<AuthorizationsPage actor={authorizationsActor()} onSignOut={() => undefined} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: BOX.consent }));
    await userEvent.click(screen.getByRole('checkbox', { name: BOX.loan }));
    expect(accept().hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: BOX.pii }));
    expect(accept().hasAttribute('disabled')).toBe(false);
  });

  it('ticks every box with Agree to all and sends the SMS choice as an opt-out', async () => {
    const save = vi.fn(async () => undefined);
    await renderView(<AuthorizationsPage actor={authorizationsActor({ save })} onSignOut={() => undefined} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Agree to all' }));
    for (const label of Object.values(BOX)) expect(screen.getByRole<HTMLInputElement>('checkbox', { name: label }).checked).toBe(true);
    await userEvent.click(accept());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      DoNotCall: false,
      Allow_Referral_Update__c: true,
      agreedToPII: true,
      Round_Opt_In__c: true,
      SMS_Opt_out__c: false,
    });
    expect(await screen.findByText('Thank you. Taking you to the next step…')).toBeTruthy();
  });

  it('shows the authorizations error when saving fails, keeping the answers', async () => {
    const save = async () => {
      throw { code: 'internal' };
    };
    await renderView(<AuthorizationsPage actor={authorizationsActor({ save })} onSignOut={() => undefined} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Agree to all' }));
    await userEvent.click(accept());
    expect(await screen.findByText('Unable to update authorizations. Please try again.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: BOX.pii }).checked).toBe(true);
  });

  it('offers Try again when the records cannot be loaded', async () => {
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw { code: 'unavailable' };
      return RECORDS;
    };
    await renderView(<AuthorizationsPage actor={authorizationsActor({ load })} onSignOut={() => undefined} />);
    expect(await screen.findByText('Unable to update authorizations. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: BOX.consent })).toBeTruthy();
  });

  it('lets an agent without client actions press Accept, and saves nothing', async () => {
    const save = vi.fn(async () => undefined);
    const actor = authorizationsActor({ save, actor: { isAgent: true, allowClientActions: false } });
    const notified: string[] = [];
    actor.on('notify', (event) => notified.push(event.key));
    await renderView(<AuthorizationsPage actor={actor} onSignOut={() => undefined} />);
    await screen.findByRole('checkbox', { name: BOX.consent });
    await userEvent.click(accept());
    expect(notified).toEqual(['coach.toast.not-permitted']);
    expect(save).not.toHaveBeenCalled();
  });
});
