import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PortError } from '../../../machines/ports';
import { supportRequestMachine } from '../../../machines/support/supportRequest.machine';
import { inspect } from '../../../src/inspect';
import { SupportRequestFormView } from '../../../src/views/support/SupportRequestForm';
import { renderView } from '../../support/render';

function supportActor(send: () => Promise<void>) {
  const machine = supportRequestMachine.provide({ actors: { sendContactRequest: fromPromise(send) } });
  return createActor(machine, { input: { email: 'maria@example.com' }, inspect }).start();
}

describe('support contact form', () => {
  it('counts the characters left of the 500', async () => {
    await renderView(<SupportRequestFormView actor={supportActor(async () => undefined)} onDone={() => undefined} />);
    expect(screen.getByText('500 characters left')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^How can we help/), 'Help');
    expect(screen.getByText('496 characters left')).toBeTruthy();
  });

  it('needs at least 4 characters', async () => {
    await renderView(<SupportRequestFormView actor={supportActor(async () => undefined)} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^How can we help/), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Description must be between 4 and 500 characters.')).toBeTruthy();
  });

  it('sends the request', async () => {
    await renderView(<SupportRequestFormView actor={supportActor(async () => undefined)} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^How can we help/), 'My report looks wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your message was sent. We will get back to you soon.')).toBeTruthy();
  });

  it('says it could not send', async () => {
    const fail = async () => {
      const error: PortError = { code: 'unavailable' };
      throw error;
    };
    await renderView(<SupportRequestFormView actor={supportActor(fail)} onDone={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/^How can we help/), 'My report looks wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Unable to send your request. Please try again.')).toBeTruthy();
  });
});
