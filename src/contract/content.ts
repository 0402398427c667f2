// The learning center's and the support center's content calls (spec 002 §2, §3 "Content entry", §7 content
// queries, §9). Every call names its area (learning or support) and the page's language;
// the functions read the content service (functions/src/content/content.ts) and apply the premium-articles rule
// (src/domain/content.ts canReadPremiumArticles) before anything leaves the server.
//
// Bodies travel as Markdown and are rendered in the browser by src/views/components/articleMarkdown.ts (raw HTML off, links to
// in-app paths and https only, sanitised again by DOMPurify).
import { z } from 'zod/mini';
import {
  ARTICLES_PER_CATEGORY_PAGE,
  ARTICLES_PER_CATEGORY_PREVIEW,
  CONTENT_AREAS,
  CONTENT_PAGE_MAX,
  CONTENT_SLUG_MAX_LENGTH,
  CONTENT_SLUG_PATTERN,
  FEATURED_SLICE,
  RELATED_ARTICLES,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
  SEARCH_RESULTS_MAX,
} from '../domain/content';
import { isoDateSchema, uiLangSchema } from './common';

export const contentAreaSchema = z.enum(CONTENT_AREAS);
export const contentSlugSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(CONTENT_SLUG_MAX_LENGTH), z.regex(CONTENT_SLUG_PATTERN, 'not a slug'));

/** A category as the pages show it: its label and description in the requested language. */
export const contentCategorySchema = z.object({
  slug: contentSlugSchema,
  label: z.string().check(z.minLength(1)),
  description: z.string(),
  /** An image under /content/ (public/content/**); decorative, so shown with an empty alt. */
  thumbnail: z.string().check(z.startsWith('/content/')),
});
export type ContentCategory = z.infer<typeof contentCategorySchema>;

/** spec 002 §3 "Content entry", without its body: what list cards show. */
export const contentArticleSummarySchema = z.object({
  area: contentAreaSchema,
  slug: contentSlugSchema,
  /** The category it is listed under first (its address is /{area}/{category}/{slug}). */
  category: contentSlugSchema,
  /** Every category it belongs to (label, slug), the first being `category`. */
  categories: z.array(z.object({ slug: contentSlugSchema, label: z.string() })).check(z.minLength(1)),
  title: z.string().check(z.minLength(1)),
  /** Brief_Description. */
  description: z.string(),
  thumbnail: z.string().check(z.startsWith('/content/')),
  author: z.string(),
  heroPriority: z.nullable(z.number()),
  categoryPriority: z.nullable(z.number()),
  order: z.number(),
  premium: z.boolean(),
  readingMinutes: z.number().check(z.int(), z.gte(1)),
  updatedAt: isoDateSchema,
});
export type ContentArticleSummary = z.infer<typeof contentArticleSummarySchema>;

export const contentArticleSchema = z.extend(contentArticleSummarySchema, {
  /** The rich-text body, Markdown (render with src/views/components/articleMarkdown.ts renderArticleMarkdown). */
  body: z.string(),
});
export type ContentArticle = z.infer<typeof contentArticleSchema>;

// ---------------------------------------------------------------------------------------------- requests

/** The home of an area: /learning-center or /support. */
export const getContentHomeRequestSchema = z.strictObject({ area: contentAreaSchema, lang: uiLangSchema });
export const getContentHomeResponseSchema = z.object({
  area: contentAreaSchema,
  /** The first article of the hero order (spec 002 §9), or null when none has a hero priority. */
  hero: z.nullable(contentArticleSummarySchema),
  /** The hero order's slice 1 to 4 (spec 002 §9). */
  featured: z.array(contentArticleSummarySchema).check(z.maxLength(FEATURED_SLICE.end - FEATURED_SLICE.start)),
  /** Every category of the area in its order, with its first 4 articles and how many it has in all. */
  categories: z.array(
    z.object({
      category: contentCategorySchema,
      articles: z.array(contentArticleSummarySchema).check(z.maxLength(ARTICLES_PER_CATEGORY_PREVIEW)),
      total: z.number().check(z.int(), z.gte(0)),
    }),
  ),
  /** Whether premium articles are included for this customer (false: free articles only; the page may offer the upgrade). */
  premiumArticles: z.boolean(),
});

/** One category's page: /learning-center/{category} or /support/{category}. Unknown category: 'not-found'. */
export const getContentCategoryRequestSchema = z.strictObject({
  area: contentAreaSchema,
  category: contentSlugSchema,
  lang: uiLangSchema,
  /** 1-based, 16 articles a page (spec 002 §9); 1 when absent. */
  page: z.optional(z.number().check(z.int(), z.gte(1), z.lte(CONTENT_PAGE_MAX))),
});
export const getContentCategoryResponseSchema = z.object({
  area: contentAreaSchema,
  category: contentCategorySchema,
  /** The area's categories in order, for the page's navigation. */
  categories: z.array(contentCategorySchema),
  articles: z.array(contentArticleSummarySchema).check(z.maxLength(ARTICLES_PER_CATEGORY_PAGE)),
  page: z.number().check(z.int(), z.gte(1)),
  pageCount: z.number().check(z.int(), z.gte(1)),
  total: z.number().check(z.int(), z.gte(0)),
  premiumArticles: z.boolean(),
});

/**
 * One article: /learning-center/{category}/{slug} or /support/{category}/{slug}. An unknown slug, or an article
 * that is not in that category: 'not-found'. A premium article for a customer who sees free articles only:
 * 'failed-precondition' with details.key 'upgrade-required' (the page shows the upgrade banner).
 */
export const getContentArticleRequestSchema = z.strictObject({
  area: contentAreaSchema,
  category: contentSlugSchema,
  slug: contentSlugSchema,
  lang: uiLangSchema,
});
export const getContentArticleResponseSchema = z.object({
  article: contentArticleSchema,
  category: contentCategorySchema,
  /** Up to 4 other articles of the same category ("similar lists", spec 002 §9), premium rule applied. */
  related: z.array(contentArticleSummarySchema).check(z.maxLength(RELATED_ARTICLES)),
});

/** Search over titles, descriptions and bodies in one language, best first. */
export const searchContentRequestSchema = z.strictObject({
  area: contentAreaSchema,
  query: z.string().check(z.trim(), z.minLength(SEARCH_QUERY_MIN_LENGTH), z.maxLength(SEARCH_QUERY_MAX_LENGTH)),
  lang: uiLangSchema,
  /** Only this category's articles (the category page's own search box). */
  category: z.optional(contentSlugSchema),
});
export const searchContentResponseSchema = z.object({
  query: z.string(),
  /** At most 20, best first; the snippet is plain text (show it as text). */
  results: z
    .array(z.object({ article: contentArticleSummarySchema, snippet: z.string() }))
    .check(z.maxLength(SEARCH_RESULTS_MAX)),
  /** How many articles matched in all (results holds the first 20). */
  total: z.number().check(z.int(), z.gte(0)),
});

export type GetContentHomeResponse = z.infer<typeof getContentHomeResponseSchema>;
export type GetContentCategoryResponse = z.infer<typeof getContentCategoryResponseSchema>;
export type GetContentArticleResponse = z.infer<typeof getContentArticleResponseSchema>;
export type SearchContentResponse = z.infer<typeof searchContentResponseSchema>;
