import type { useLocation } from 'react-router-dom';
import { ROUTES } from '../../domain/routes';

// spec 000 §2.4: the terms and the privacy policy open as overlays (modal routes) at these paths.

export const LEGAL_PATHS = { terms: ROUTES.terms, privacy: ROUTES.privacy } as const;
export type LegalDocument = keyof typeof LEGAL_PATHS;

/** Router state of a modal route: the location to keep rendering underneath the overlay. */
export interface OverlayState {
  backgroundLocation: ReturnType<typeof useLocation>;
}
