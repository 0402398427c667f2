import { useActorRef, useSelector } from '@xstate/react';
import { use, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { IDENTITY_SECTIONS, type IdentitySection, type IdentityWidgetEvent } from '../../contract/identity';
import { hasCreditAccess } from '../../domain/permissions';
import { AREA_PATHS, BILLING_UPGRADE_PATH } from '../../domain/routes';
import { CreditUpgradeBanner } from '../../views/credit/CreditUpgradeBanner';
import { IdentityPage, type IdentityPageState } from '../../views/identity/IdentityPage';
import { NotFoundPage } from '../../views/status/NotFoundPage';
import { useAppActors } from '../shell/appActors';
import { useUserDocument } from '../shell/userDocument';
import { identityWidgetSelectors } from '../../../machines/identity/identityWidget.machine';
import { inspect } from '../../inspect';
import { provideIdentityWidgetMachine } from './machines';
import { identityWidgetUrl } from './widgetUrl';

// /identity/* (spec 000 §2.4, §4.6): the free product line sees the upgrade banner (the server refuses its token
// too); every other line the identity-protection widget on the section the address names (/identity opens the
// alerts). The token and its renewal are the identityWidget machine's
// (machines/identity/identityWidget.machine.ts): cached without expiry (spec 000 §9); when the widget refuses it
// (the vendor's token expired) the token is read again once, and a second refusal shows the error with Try again.

/** The identity pages' addresses, per widget section. */
export const IDENTITY_PATHS: Record<IdentitySection, string> = Object.fromEntries(
  IDENTITY_SECTIONS.map((section) => [section, `${AREA_PATHS.identity}/${section}`]),
) as Record<IdentitySection, string>;

function sectionOf(pathname: string): IdentitySection | 'index' | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === AREA_PATHS.identity) return 'index';
  return IDENTITY_SECTIONS.find((section) => path === IDENTITY_PATHS[section]) ?? null;
}

function IdentityWidgetHost({ section }: { section: IdentitySection }) {
  const { ports } = useAppActors();
  const { i18n } = useTranslation();
  // Suspends until the query library has loaded (the route's Suspense shows the load view): the token is cached there.
  const client = use(ports.queryClient());
  const machine = useMemo(() => provideIdentityWidgetMachine(ports, client), [ports, client]);
  const actor = useActorRef(machine, { inspect });
  const status = useSelector(actor, identityWidgetSelectors.status);
  const token = useSelector(actor, identityWidgetSelectors.token);
  const onEvent = useCallback(
    (event: IdentityWidgetEvent) => {
      if (event.event === 'token-refused') actor.send({ type: 'widget.tokenRefused' });
    },
    [actor],
  );
  let state: IdentityPageState;
  if (status === 'failed') state = { status: 'failed', onRetry: () => actor.send({ type: 'widget.retry' }) };
  else if (status === 'loading' || token === null) state = { status: 'loading' };
  else state = { status: 'shown', url: identityWidgetUrl(token, section, i18n.resolvedLanguage ?? 'en') };
  return <IdentityPage section={section} paths={IDENTITY_PATHS} state={state} onEvent={onEvent} />;
}

export default function IdentityRoute() {
  const { config } = useAppActors();
  const { t } = useTranslation('identity');
  const document = useUserDocument();
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  // The guard chain read the product line before this page opened; until the document is here, nothing shows.
  if (document === undefined) return null;
  if (!hasCreditAccess(document?.productLine ?? null)) {
    const copy = {
      title: t('upgrade.title'),
      body: t('upgrade.body'),
      features: [t('upgrade.features.alerts'), t('upgrade.features.breach'), t('upgrade.features.lock')],
    };
    return <CreditUpgradeBanner upgradePath={BILLING_UPGRADE_PATH} phone={config.supportPhone} copy={copy} />;
  }
  if (section === 'index') return <Navigate to={IDENTITY_PATHS.alerts} replace />;
  if (section === null) return <NotFoundPage />;
  return <IdentityWidgetHost section={section} />;
}
