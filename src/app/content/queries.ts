import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  GetContentArticleResponse,
  GetContentCategoryResponse,
  GetContentHomeResponse,
} from '../../contract/content';
import type { ContentArea } from '../../domain/content';
import { portErrorCode } from '../../../machines/ports';
import { useAppActors } from '../shell/appActors';
import { showToast } from '../shell/NotificationsHost';
import { TOAST_COLORS } from '../shell/notify';
import { useCachedQuery, type CachedQuery } from '../shell/queries';
import type { ContentLang, ContentPort } from './port';

// The content pages' cached reads (spec 000 §9 caching, the app's QueryClient). An answer the page shows as a page
// of its own (an unknown category or article: 'not-found'; a premium article for a free-only customer:
// 'upgrade-required') is a result, not a failure, so it is neither retried nor reported; every other failure is the
// page's failed state with Try again, and in the support center also the 'Error loading support page' toast
// (spec 002 §8).

export type ContentLoad<T> = { status: 'shown'; data: T } | { status: 'not-found' } | { status: 'upgrade-required' };

async function outcome<T>(read: () => Promise<T>): Promise<ContentLoad<T>> {
  try {
    return { status: 'shown', data: await read() };
  } catch (error) {
    const code = portErrorCode(error);
    if (code === 'not-found') return { status: 'not-found' };
    const key = typeof error === 'object' && error !== null && 'key' in error ? (error as { key: unknown }).key : undefined;
    // The server's refusal (failed-precondition) names itself 'upgrade-required', in its code and its key.
    if (code === 'upgrade-required' || key === 'upgrade-required') return { status: 'upgrade-required' };
    throw error;
  }
}

export type ContentRead =
  | { kind: 'home'; area: ContentArea }
  | { kind: 'category'; area: ContentArea; category: string; page: number }
  | { kind: 'article'; area: ContentArea; category: string; slug: string };

type ReadData<R extends ContentRead> = R extends { kind: 'home' }
  ? GetContentHomeResponse
  : R extends { kind: 'category' }
    ? GetContentCategoryResponse
    : GetContentArticleResponse;

export function contentQueryKey(read: ContentRead, lang: ContentLang): readonly unknown[] {
  return ['content', lang, ...Object.values(read)];
}

function readWith(port: ContentPort, read: ContentRead, lang: ContentLang): Promise<unknown> {
  switch (read.kind) {
    case 'home':
      return port.getHome({ area: read.area, lang });
    case 'category':
      return port.getCategory({ area: read.area, category: read.category, lang, ...(read.page > 1 ? { page: read.page } : {}) });
    case 'article':
      return port.getArticle({ area: read.area, category: read.category, slug: read.slug, lang });
  }
}

/** The page's language for the content calls. */
export function useContentLang(): ContentLang {
  const { i18n } = useTranslation('content');
  return i18n.resolvedLanguage === 'es' ? 'es' : 'en';
}

/** One content read, cached by area, kind, slugs, page and language. */
export function useContentRead<R extends ContentRead>(read: R): CachedQuery<ContentLoad<ReadData<R>>> {
  const { ports } = useAppActors();
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const queryKey = contentQueryKey(read, lang);
  const keyText = JSON.stringify(queryKey);
  // The key's text names the read: a new object for the same read is the same query.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableKey = useMemo(() => queryKey, [keyText]);
  const queryFn = useMemo(
    () => async () => outcome(async () => (await readWith(await ports.content(), read, lang)) as ReadData<R>),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ports, keyText],
  );
  const query = useCachedQuery(stableKey, queryFn, true);
  const failed = query.isError && query.data === undefined;
  useEffect(() => {
    if (failed && read.area === 'support') showToast({ color: TOAST_COLORS.error, message: t('support.loadError') });
  }, [failed, read.area, t]);
  return query;
}
