import type { SupportRequestActorSignatures as Sig } from '../../../machines/support/ports';
import { supportRequestMachine } from '../../../machines/support/supportRequest.machine';
import { promiseActor, type AppPorts } from '../ports';

// The support machine (spec 000 §2.2, §7 createContactRequest) with its actor provided from the ports.

export function provideSupportRequestMachine({ callables }: Pick<AppPorts, 'callables'>) {
  return supportRequestMachine.provide({
    actors: {
      sendContactRequest: promiseActor<Sig['sendContactRequest']>(async (request) => {
        await callables.createContactRequest(request);
      }),
    },
  });
}
