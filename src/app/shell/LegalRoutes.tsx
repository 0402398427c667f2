import { Suspense } from 'react';
import { Navigate, Route, useLocation, useNavigate } from 'react-router-dom';
import { AREA_PATHS, LEGAL_OVERLAY_AREAS, legalOverlayAreaPath, ROUTES, type LegalOverlayArea } from '../../domain/routes';
import type { LegalDocument, OverlayState } from '../../views/shell/legal';
import { lazyPage } from './lazyPage';

// The legal overlays (spec 000 §2.4): the terms and the privacy policy as modal routes over the page underneath, over
// home or over an area's page. The start-up route table (src/app/App.tsx) renders them over a page opened from a
// link; the shell's routes (./ShellRoutes.tsx) serve their addresses opened directly.

const LegalOverlay = lazyPage(() => import('../../views/shell/LegalOverlay').then((m) => m.LegalOverlay));

export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const satisfies readonly LegalDocument[];

export function LegalRoute({ document }: { document: LegalDocument }) {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as OverlayState | null;
  const background = state?.backgroundLocation;
  const close = () => {
    // Opened from a link: back to the page. Opened by its address: on to the page it shows over.
    if (background && !state?.direct) navigate(-1);
    else navigate(background ?? ROUTES.home, { replace: true });
  };
  return (
    <Suspense fallback={null}>
      <LegalOverlay document={document} onClose={close} />
    </Suspense>
  );
}

/**
 * An area's legal overlay opened by its address ('/credit/terms-conditions'): the same address again, with the area's
 * page as the page underneath (spec 000 §2.4).
 */
export function LegalOverAreaEntry({ area }: { area: LegalOverlayArea }) {
  const location = useLocation();
  const backgroundLocation = { pathname: AREA_PATHS[area], search: '', hash: '', state: null, key: 'legal-background' };
  const state: OverlayState = { backgroundLocation, direct: true };
  return <Navigate to={location.pathname} state={state} replace />;
}

/** The legal overlays, rendered over the page underneath: over home or over an area's page. */
export const legalOverlayRoutes = (
  <>
    {LEGAL_DOCUMENTS.flatMap((document) =>
      [null, ...LEGAL_OVERLAY_AREAS].map((area) => (
        <Route key={`${document}-${area ?? 'home'}`} path={legalOverlayAreaPath(document, area)} element={<LegalRoute document={document} />} />
      )),
    )}
  </>
);
