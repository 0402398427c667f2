import { useSelector } from '@xstate/react';
import { Fragment, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { useTranslation } from 'react-i18next';
import { CONTENT_AREA_PATHS, CONTENT_PAGE_MAX, contentCategoryPath, type ContentArea } from '../../domain/content';
import { BILLING_UPGRADE_PATH } from '../../domain/routes';
import { ContentArticlePage, ContentUpgradeBanner } from '../../views/content/ContentArticlePage';
import { ContentCategoryPage, ContentHomePage } from '../../views/content/ContentPages';
import { ContentFailed, ContentLoading, ContentNotFound } from '../../views/content/ContentStates';
import { StillNeedAssistance, SupportNotFoundPage } from '../../views/content/SupportAssistance';
import { useAppActors } from '../shell/appActors';
import { useNavigationModal } from '../support/useNavigationModal';
import { ContentSearchHost } from './ContentSearchHost';
import { useContentRead } from './queries';

// /learning-center/* and /support/* (spec 000 §2.4, spec 002 §2, §8, §9): index, :category
// (?page=N, 16 a page), :category/:article; in support also not-found and a catch-all. An unknown support category
// or article goes to /support/not-found (the server answers not-found); an unknown learning one shows the not-found
// state. The learning pages offer the upgrade to a free-only customer; a premium article for them shows the upgrade
// banner (the server sends no body then).

/** Where the support center's unknown pages go (spec 002 §2). */
export const SUPPORT_NOT_FOUND_PATH = `${CONTENT_AREA_PATHS.support}/not-found`;

function useEmail(): string | null {
  const { session } = useAppActors();
  return useSelector(session, sessionSelectors.email);
}

function SupportFooter() {
  const email = useEmail();
  const dialog = useNavigationModal('contactForm');
  return <StillNeedAssistance email={email} dialog={dialog} />;
}

function AreaFooter({ area }: { area: ContentArea }) {
  return area === 'support' ? <SupportFooter /> : null;
}

function upgradePathFor(area: ContentArea): string | null {
  return area === 'learning' ? BILLING_UPGRADE_PATH : null;
}

function NotFoundFor({ area }: { area: ContentArea }) {
  if (area === 'support') return <Navigate to={SUPPORT_NOT_FOUND_PATH} replace />;
  return <ContentNotFound homePath={CONTENT_AREA_PATHS.learning} />;
}

function HomePage({ area }: { area: ContentArea }) {
  const { t } = useTranslation('content');
  const { data, isError, refetch } = useContentRead({ kind: 'home', area });
  if (data === undefined) return isError ? <ContentFailed onRetry={refetch} /> : <ContentLoading />;
  if (data.status !== 'shown') return <NotFoundFor area={area} />;
  return (
    <ContentHomePage
      data={data.data}
      search={<ContentSearchHost area={area} label={t('search.label')} />}
      footer={<AreaFooter area={area} />}
      upgradePath={upgradePathFor(area)}
    />
  );
}

/** ?page=N as a page number; anything else is page 1. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= CONTENT_PAGE_MAX ? page : 1;
}

function CategoryPage({ area }: { area: ContentArea }) {
  const { t } = useTranslation('content');
  const { category = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const { data, isError, refetch } = useContentRead({ kind: 'category', area, category, page });
  if (data === undefined) return isError ? <ContentFailed onRetry={refetch} /> : <ContentLoading />;
  if (data.status !== 'shown') return <NotFoundFor area={area} />;
  const base = contentCategoryPath(area, category);
  return (
    <ContentCategoryPage
      data={data.data}
      search={<ContentSearchHost area={area} category={category} label={t('search.labelCategory', { category: data.data.category.label })} />}
      footer={<AreaFooter area={area} />}
      upgradePath={upgradePathFor(area)}
      pagePath={(next) => (next === 1 ? base : `${base}?page=${next}`)}
    />
  );
}

function ArticlePage({ area }: { area: ContentArea }) {
  const { category = '', article = '' } = useParams();
  const navigate = useNavigate();
  const { data, isError, refetch } = useContentRead({ kind: 'article', area, category, slug: article });
  if (data === undefined) return isError ? <ContentFailed onRetry={refetch} /> : <ContentLoading />;
  if (data.status === 'not-found') return <NotFoundFor area={area} />;
  if (data.status === 'upgrade-required') {
    return <UpgradeRequired area={area} category={category} />;
  }
  return <ContentArticlePage data={data.data} onNavigate={(path) => navigate(path)} footer={<AreaFooter area={area} />} />;
}

function UpgradeRequired({ area, category }: { area: ContentArea; category: string }) {
  const { t } = useTranslation('content');
  const { data } = useContentRead({ kind: 'category', area, category, page: 1 });
  const label = data?.status === 'shown' ? data.data.category.label : t(area === 'learning' ? 'learning.title' : 'support.title');
  return <ContentUpgradeBanner upgradePath={BILLING_UPGRADE_PATH} backPath={contentCategoryPath(area, category)} backLabel={label} />;
}

function SupportNotFound() {
  const email = useEmail();
  const dialog = useNavigationModal('contactForm');
  return <SupportNotFoundPage homePath={CONTENT_AREA_PATHS.support} email={email} dialog={dialog} />;
}

/**
 * Each address is a page of its own: its reads start afresh (the cached read's observer keeps the first address's
 * query otherwise when only the page number or the slug changes).
 */
function PerAddress({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Fragment key={`${location.pathname}${location.search}`}>{children}</Fragment>;
}

export function LearningCenterRoute() {
  return (
    <PerAddress>
      <Routes>
      <Route index element={<HomePage area="learning" />} />
      <Route path=":category" element={<CategoryPage area="learning" />} />
      <Route path=":category/:article" element={<ArticlePage area="learning" />} />
      <Route path="*" element={<ContentNotFound homePath={CONTENT_AREA_PATHS.learning} />} />
      </Routes>
    </PerAddress>
  );
}

export function SupportCenterRoute() {
  return (
    <PerAddress>
      <Routes>
      <Route index element={<HomePage area="support" />} />
      <Route path="not-found" element={<SupportNotFound />} />
      <Route path=":category" element={<CategoryPage area="support" />} />
      <Route path=":category/:article" element={<ArticlePage area="support" />} />
      {/* spec 002 §2: the catch-all shows the unable-to-find and the report-issue messages. */}
      <Route path="*" element={<SupportNotFound />} />
      </Routes>
    </PerAddress>
  );
}
