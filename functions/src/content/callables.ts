// The learning center and the support center (spec 002 §2, §3 "Content entry", §6 premium-articles flag, §7
// content queries, §9). Reading is open to the customer and their agent (viewClient); what
// they see follows the premium-articles rule for the customer worked on (src/domain/content.ts
// canReadPremiumArticles: a non-free product line while the flag is on), applied here so a free customer's browser
// never receives a premium article's body, whatever it asks. Nothing here writes.
import type { UiLang } from '../../../src/contract/common';
import type { ContentCategory } from '../../../src/contract/content';
import {
  ARTICLES_PER_CATEGORY_PAGE,
  ARTICLES_PER_CATEGORY_PREVIEW,
  canReadPremiumArticles,
  FEATURED_SLICE,
  isContentCategory,
  pageCount,
  RELATED_ARTICLES,
  SEARCH_RESULTS_MAX,
  type ContentArea,
} from '../../../src/domain/content';
import { lacksPaidLine } from '../../../src/domain/productLine';
import { db } from '../platform/admin';
import { defineCallable } from '../callable/defineCallable';
import type { SignedInCaller } from '../callable/caller';
import { callableError } from '../callable/errors';
import { clientUid } from '../callable/client';
import { COLLECTIONS } from '../platform/collections';
import { UPGRADE_REQUIRED_KEY } from '../credit/creditAccess';
import { serverFlags } from '../platform/featureFlags';
import { content } from '../providers';
import { parseStored, storedUserSchema } from '../platform/storedDocuments';

/** Whether the customer this session works on sees premium articles (the flag and their product line). */
async function includePremium(caller: SignedInCaller): Promise<boolean> {
  const uid = await clientUid(caller);
  const path = `${COLLECTIONS.users}/${uid}`;
  const [snapshot, flags] = await Promise.all([db().doc(path).get(), serverFlags()]);
  const user = parseStored(storedUserSchema, path, snapshot.data() ?? {});
  return canReadPremiumArticles({
    freeLine: lacksPaidLine(user.customer?.productLine),
    premiumArticlesFlag: flags.premiumArticles,
  });
}

const notFound = () => callableError('not-found', 'not-found');

/** The category of that slug, or 'not-found' (an unknown support category goes to /support/not-found). */
async function categoryOrNotFound(area: ContentArea, slug: string, lang: UiLang): Promise<{ category: ContentCategory; all: ContentCategory[] }> {
  if (!isContentCategory(area, slug)) throw notFound();
  const all = await content().categories(area, lang);
  const category = all.find((candidate) => candidate.slug === slug);
  if (!category) throw notFound();
  return { category, all };
}

/** /learning-center and /support: the hero, the featured slice 1 to 4 and each category's first four. */
export const getContentHome = defineCallable('getContentHome', async (caller) => {
  const { area, lang } = caller.data;
  const premium = await includePremium(caller);
  const provider = content();
  const [categories, hero] = await Promise.all([
    provider.categories(area, lang),
    provider.articles({ area, lang, includePremium: premium, orderBy: 'hero', limit: FEATURED_SLICE.end }),
  ]);
  const lists = await Promise.all(
    categories.map((category) =>
      provider.articles({ area, lang, includePremium: premium, category: category.slug, orderBy: 'category', limit: ARTICLES_PER_CATEGORY_PREVIEW }),
    ),
  );
  return {
    area,
    hero: hero.items[0] ?? null,
    featured: hero.items.slice(FEATURED_SLICE.start, FEATURED_SLICE.end),
    categories: categories.map((category, index) => ({
      category,
      articles: lists[index]?.items ?? [],
      total: lists[index]?.total ?? 0,
    })),
    premiumArticles: premium,
  };
});

/** /learning-center/{category} and /support/{category}: 16 a page. */
export const getContentCategory = defineCallable('getContentCategory', async (caller) => {
  const { area, lang } = caller.data;
  const page = caller.data.page ?? 1;
  const premium = await includePremium(caller);
  const { category, all } = await categoryOrNotFound(area, caller.data.category, lang);
  const list = await content().articles({
    area,
    lang,
    includePremium: premium,
    category: category.slug,
    orderBy: 'category',
    offset: (page - 1) * ARTICLES_PER_CATEGORY_PAGE,
    limit: ARTICLES_PER_CATEGORY_PAGE,
  });
  const pages = pageCount(list.total);
  // A page past the end is not a page (an old link after articles were removed): not-found, as an unknown slug.
  if (page > pages) throw notFound();
  return { area, category, categories: all, articles: list.items, page, pageCount: pages, total: list.total, premiumArticles: premium };
});

/**
 * /learning-center/{category}/{slug} and /support/{category}/{slug}: the article and up to four others of its
 * category. Not-found for an unknown slug or a category the article is not in; 'upgrade-required' for a premium
 * article the customer does not see (its body is not sent).
 */
export const getContentArticle = defineCallable('getContentArticle', async (caller) => {
  const { area, lang, slug } = caller.data;
  const premium = await includePremium(caller);
  const { category } = await categoryOrNotFound(area, caller.data.category, lang);
  const article = await content().article(area, slug, lang);
  if (!article || !article.categories.some((candidate) => candidate.slug === category.slug)) throw notFound();
  if (article.premium && !premium) {
    throw callableError('failed-precondition', UPGRADE_REQUIRED_KEY, { key: UPGRADE_REQUIRED_KEY });
  }
  const others = await content().articles({
    area,
    lang,
    includePremium: premium,
    category: category.slug,
    orderBy: 'category',
    limit: RELATED_ARTICLES + 1,
  });
  return {
    article,
    category,
    related: others.items.filter((other) => other.slug !== article.slug).slice(0, RELATED_ARTICLES),
  };
});

/** Search: titles, descriptions and bodies in the page's language, best first, at most 20. */
export const searchContent = defineCallable('searchContent', async (caller) => {
  const { area, lang, query } = caller.data;
  const premium = await includePremium(caller);
  if (caller.data.category !== undefined && !isContentCategory(area, caller.data.category)) throw notFound();
  const found = await content().search({
    area,
    lang,
    query,
    includePremium: premium,
    ...(caller.data.category === undefined ? {} : { category: caller.data.category }),
    limit: SEARCH_RESULTS_MAX,
  });
  return { query, results: found.results, total: found.total };
});
