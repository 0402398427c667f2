// The content service's sandbox (CONTENT_PROVIDER=sandbox; never in production): the articles and categories the
// seed loaded from seed/content/ into Firestore (contentStore.ts), answered like a headless CMS would answer
// (ordered, filtered, paged, searched), after a fixed delay like a CMS's round trip. Deterministic: the same
// query always gives the same answer in the same order.
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { ContentArticle, ContentArticleSummary, ContentCategory } from '../../../src/contract/content';
import type { UiLang } from '../../../src/contract/common';
import {
  compareForCategory,
  heroOrder,
  searchScore,
  searchSnippet,
  searchTerms,
  type ContentArea,
} from '../../../src/domain/content';
import type { ContentListQuery, ContentProvider, ContentSearchQuery } from './content';
import {
  CONTENT_SANDBOX_COLLECTIONS,
  storedArticleSchema,
  storedCategorySchema,
  type StoredArticle,
  type StoredCategory,
} from './contentStore';

/** A headless CMS's round trip, give or take; fixed so tests and timings repeat. */
export const CONTENT_SANDBOX_LATENCY_MS = 120;

const delay = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** A stored document that does not parse is skipped and named in the log, not served half-formed. */
function parsed<T>(schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } }, id: string, data: unknown): T | null {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  logger.warn('content sandbox: skipping a malformed document', { id });
  return null;
}

export class FirestoreContentSandbox implements ContentProvider {
  constructor(
    private readonly db: () => Firestore,
    private readonly latencyMs = CONTENT_SANDBOX_LATENCY_MS,
  ) {}

  private async storedCategories(area: ContentArea): Promise<StoredCategory[]> {
    const snapshot = await this.db().collection(CONTENT_SANDBOX_COLLECTIONS.categories).where('area', '==', area).get();
    return snapshot.docs
      .map((doc) => parsed(storedCategorySchema, doc.id, doc.data()))
      .filter((category): category is StoredCategory => category !== null)
      .sort((a, b) => a.order - b.order || (a.slug < b.slug ? -1 : 1));
  }

  private async storedArticles(area: ContentArea): Promise<StoredArticle[]> {
    const snapshot = await this.db().collection(CONTENT_SANDBOX_COLLECTIONS.articles).where('area', '==', area).get();
    return snapshot.docs
      .map((doc) => parsed(storedArticleSchema, doc.id, doc.data()))
      .filter((article): article is StoredArticle => article !== null);
  }

  async categories(area: ContentArea, lang: UiLang): Promise<ContentCategory[]> {
    await delay(this.latencyMs);
    return (await this.storedCategories(area)).map((category) => toCategory(category, lang));
  }

  async articles(query: ContentListQuery): Promise<{ items: ContentArticleSummary[]; total: number }> {
    await delay(this.latencyMs);
    const [articles, categories] = await Promise.all([this.storedArticles(query.area), this.storedCategories(query.area)]);
    const matching = articles.filter(
      (article) =>
        (query.includePremium || !article.premium) &&
        (query.category === undefined || article.categories.includes(query.category)),
    );
    const ordered = query.orderBy === 'hero' ? heroOrder(matching) : [...matching].sort(compareForCategory);
    const offset = query.offset ?? 0;
    const page = ordered.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
    return { items: page.map((article) => toSummary(article, categories, query.lang)), total: ordered.length };
  }

  async article(area: ContentArea, slug: string, lang: UiLang): Promise<ContentArticle | null> {
    await delay(this.latencyMs);
    const [articles, categories] = await Promise.all([this.storedArticles(area), this.storedCategories(area)]);
    const article = articles.find((candidate) => candidate.slug === slug);
    if (!article) return null;
    return { ...toSummary(article, categories, lang), body: article.locales[lang].body };
  }

  async search(query: ContentSearchQuery) {
    await delay(this.latencyMs);
    const terms = searchTerms(query.query);
    if (terms.length === 0) return { results: [], total: 0 };
    const [articles, categories] = await Promise.all([this.storedArticles(query.area), this.storedCategories(query.area)]);
    const scored = articles
      .filter(
        (article) =>
          (query.includePremium || !article.premium) &&
          (query.category === undefined || article.categories.includes(query.category)),
      )
      .map((article) => ({ article, score: searchScore(terms, article.locales[query.lang]) }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || compareForCategory(a.article, b.article));
    return {
      results: scored.slice(0, query.limit).map(({ article }) => ({
        article: toSummary(article, categories, query.lang),
        snippet: searchSnippet(article.locales[query.lang].text, terms),
      })),
      total: scored.length,
    };
  }
}

function toCategory(category: StoredCategory, lang: UiLang): ContentCategory {
  const locale = category.locales[lang];
  return { slug: category.slug, label: locale.label, description: locale.description, thumbnail: category.thumbnail };
}

function toSummary(article: StoredArticle, categories: readonly StoredCategory[], lang: UiLang): ContentArticleSummary {
  const locale = article.locales[lang];
  const [category] = article.categories as [string, ...string[]];
  return {
    area: article.area,
    slug: article.slug,
    category,
    categories: article.categories.map((slug) => ({
      slug,
      label: categories.find((candidate) => candidate.slug === slug)?.locales[lang].label ?? slug,
    })),
    title: locale.title,
    description: locale.description,
    thumbnail: article.thumbnail,
    author: article.author,
    heroPriority: article.heroPriority,
    categoryPriority: article.categoryPriority,
    order: article.order,
    premium: article.premium,
    readingMinutes: locale.readingMinutes,
    updatedAt: article.updatedAt,
  };
}
