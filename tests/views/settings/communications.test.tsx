import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { communicationTogglesMachine } from '../../../machines/settings/communicationToggles.machine';
import type { CommunicationSettings } from '../../../machines/settings/communicationToggles.machine';
import { authorizationsAnswer } from '../../../machines/settings/entries';
import type { CommunicationValues } from '../../../machines/settings/ports';
import type { CallableRequest } from '../../../src/contract/callables';
import type { Language } from '../../../src/i18n';
import { CommunicationsPage, type LanguageChoice } from '../../../src/views/settings/CommunicationsPage';
import { renderView } from '../../support/render';
import { actorsStoppedAfterEach } from '../../support/viewActors';

// settings/communications (spec 000 §2.5, §3.4, §8) bound to the real communicationToggles machine with fake calls:
// every toggle asked the same way round (on means yes, whichever way the CRM keeps it), saved as it moves, the
// pending state, the old value back when the save fails, the text updates only with a mobile phone, the language.

const customer = { isAgent: false, allowClientActions: false, agentIsAdmin: false, agentIsDeveloper: false, allowPortalDownload: false, isDeveloper: false };

const STORED: CommunicationValues = {
  Allow_Referral_Update__c: true,
  Round_Opt_In__c: false,
  DoNotCall: false,
  Do_Not_SMS__c: false,
  SMS_Opt_out__c: true,
};

const { actors: running } = actorsStoppedAfterEach();

interface Options {
  settings?: CommunicationSettings;
  save?: (changes: Partial<CommunicationValues>) => Promise<void>;
  load?: () => Promise<CommunicationSettings>;
  language?: LanguageChoice;
  uiLanguage?: Language;
  canUpdate?: boolean;
}

async function renderPage(options: Options = {}) {
  const save = vi.fn(options.save ?? (async () => undefined));
  const load = vi.fn(options.load ?? (async () => options.settings ?? { values: STORED, hasMobilePhone: true }));
  const machine = communicationTogglesMachine.provide({
    actors: {
      getAuthorizations: fromPromise(async () => authorizationsAnswer(await load())),
      updateAuthorizations: fromPromise(async ({ input }: { input: CallableRequest<'updateAuthorizations'> }) => {
        await save('communications' in input ? input.communications : {});
        return authorizationsAnswer(await load());
      }),
    },
  });
  const actor = createActor(machine, { input: { actor: customer } });
  actor.start();
  running.push(actor);
  await renderView(<CommunicationsPage actor={actor} canUpdate={options.canUpdate} language={options.language} />, { language: options.uiLanguage });
  return { actor, save, load };
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

describe('the communications page', { timeout: 20_000 }, () => {
  it('asks every question so that on means yes', async () => {
    await renderPage();
    await screen.findByRole('switch', { name: 'Phone calls' });
    expect(
      screen.getAllByRole('switch').map((input) => [input.getAttribute('aria-label'), (input as HTMLInputElement).checked]),
    ).toEqual([
      ['Phone calls', true],
      ['Text messages from your loan team', true],
      ['Automatic text updates', false],
      ['Updates to the professional who referred you', true],
      ['Share my progress with trusted partners', false],
    ]);
    expect(screen.getByText('Your loan team may call you about your account and your goal.')).toBeTruthy();
  });

  it("saves a toggle as it moves, in the CRM's terms, and shows it saving meanwhile", async () => {
    let finish: () => void = () => undefined;
    const { save } = await renderPage({ save: () => new Promise<void>((resolve) => (finish = resolve)) });
    (await screen.findByRole('switch', { name: 'Phone calls' })).focus();
    await userEvent.keyboard(' ');
    expect(save).toHaveBeenCalledWith({ DoNotCall: true });
    expect(toggle('Phone calls').checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    // The others wait; the one saving keeps the keyboard's focus.
    expect(toggle('Share my progress with trusted partners').disabled).toBe(true);
    expect(document.activeElement).toBe(toggle('Phone calls'));
    await userEvent.keyboard(' ');
    expect(save).toHaveBeenCalledTimes(1);
    expect(toggle('Phone calls').checked).toBe(false);
    finish();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(toggle('Phone calls').checked).toBe(false);
    expect(toggle('Share my progress with trusted partners').disabled).toBe(false);
    await userEvent.click(toggle('Share my progress with trusted partners'));
    await waitFor(() => expect(save).toHaveBeenLastCalledWith({ Round_Opt_In__c: true }));
  });

  it('shows a session that may not change the choices (update auth, spec 000 §6) disabled switches under a read-only note', async () => {
    const { save } = await renderPage({ canUpdate: false });
    await screen.findByRole('switch', { name: 'Phone calls' });
    expect(screen.getByTestId('communications-read-only').textContent).toBe(
      "You can see this customer's communication choices, but this session may not change them.",
    );
    expect(screen.getAllByRole('switch').map((input) => (input as HTMLInputElement).disabled)).toEqual([true, true, true, true, true]);
    await userEvent.click(toggle('Phone calls'));
    expect([save.mock.calls.length, toggle('Phone calls').checked]).toEqual([0, true]);
  });

  it('shows no read-only note to a session that may change the choices', async () => {
    await renderPage();
    await screen.findByRole('switch', { name: 'Phone calls' });
    expect(screen.queryByTestId('communications-read-only')).toBeNull();
  });

  it('turns a toggle back when the save fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const { save } = await renderPage({ save: () => new Promise<void>((_, reject) => (fail = reject)) });
    await userEvent.click(await screen.findByRole('switch', { name: 'Automatic text updates' }));
    expect(save).toHaveBeenCalledWith({ SMS_Opt_out__c: false });
    expect(toggle('Automatic text updates').checked).toBe(true);
    fail(Object.assign(new Error('unavailable'), { code: 'unavailable' }));
    await waitFor(() => expect(toggle('Automatic text updates').checked).toBe(false));
    expect(toggle('Automatic text updates').disabled).toBe(false);
  });

  it('offers the automatic text updates only with a mobile phone, and says how to get them', async () => {
    await renderPage({ settings: { values: STORED, hasMobilePhone: false } });
    expect(await screen.findByRole('switch', { name: 'Text messages from your loan team' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Automatic text updates' })).toBeNull();
    expect(screen.getByText('Add a mobile phone number in Personal info to get text updates.')).toBeTruthy();
  });

  it('says when the choices could not be loaded and tries again', async () => {
    let attempts = 0;
    const { load } = await renderPage({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw Object.assign(new Error('unavailable'), { code: 'unavailable' });
        return { values: STORED, hasMobilePhone: true };
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to update authorizations. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Phone calls' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('changes the language from a labelled select', async () => {
    const onChange = vi.fn();
    await renderPage({ language: { value: 'en', onChange } });
    const select = (await screen.findByRole('combobox', { name: 'Language' })) as HTMLSelectElement;
    expect(select.value).toBe('en');
    expect([...select.options].map((option) => [option.value, option.text, option.lang])).toEqual([
      ['en', 'English', 'en'],
      ['es', 'Español', 'es'],
    ]);
    await userEvent.selectOptions(select, 'Español');
    expect(onChange).toHaveBeenCalledWith('es');
  });

  it('reads in Spanish', async () => {
    await renderPage({ language: { value: 'es', onChange: vi.fn() }, uiLanguage: 'es' });
    expect(await screen.findByRole('switch', { name: 'Llamadas telefónicas' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Compartir mi progreso con socios de confianza' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeTruthy();
  });
});
