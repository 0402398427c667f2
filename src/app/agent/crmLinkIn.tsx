import { createActor, type ActorRefFrom } from 'xstate';
import type { CrmLinkInParams } from '../../domain/externalSignIn';
import { inspect } from '../../inspect';
import { CrmLinkInNotice } from '../../views/agent/CrmLinkInNotice';
import type { AppConfig } from '../config';
import { adminConsoleContactUrl, provideCrmLinkInMachine, type ExternalSignInSession } from './machines';
import { showToast } from '../shell/NotificationsHost';
import type { AppPorts } from '../ports';
import { TOAST_COLORS } from '../shell/notify';

// The CRM link-in on any page (spec 000 §2.2): read at start-up, before the first render, so the session is loading
// from the start (spec 000 §4.1) and the page never decides on the signed-out visitor. The link's parameters
// leave the address at once: the page, a later reload or a redirect-back never link in again.

export type CrmLinkInActor = ActorRefFrom<ReturnType<typeof provideCrmLinkInMachine>>;

/** Starts the link-in; its toasts stay until closed (spec 000 §8). */
export function startCrmLinkIn(
  link: CrmLinkInParams,
  config: AppConfig,
  ports: Pick<AppPorts, 'auth' | 'callables'>,
  session: ExternalSignInSession,
): CrmLinkInActor {
  const actor = createActor(provideCrmLinkInMachine(ports, session), { input: link, inspect });
  actor.on('notify', (notice) => {
    showToast({
      color: TOAST_COLORS[notice.level],
      message: (
        <CrmLinkInNotice
          messageKey={notice.key}
          adminConsoleUrl={notice.adminConsoleContactId ? adminConsoleContactUrl(config, notice.adminConsoleContactId) : null}
        />
      ),
      autoClose: false,
      withCloseButton: true,
    });
  });
  actor.start();
  return actor;
}
