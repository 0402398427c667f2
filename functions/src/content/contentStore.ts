// How the content sandbox keeps the articles in Firestore (written by the seed, seed/contentLoad.ts; read by
// contentSandbox.ts). No client reads these collections (firestore.rules): the pages go through the content
// callables, which apply the premium-articles rule. Pure definitions, so the seed can import them.
import { z } from 'zod/mini';
import { CONTENT_AREAS, CONTENT_SLUG_PATTERN, type ContentArea } from '../../../src/domain/content';

export const CONTENT_SANDBOX_COLLECTIONS = {
  /** One document per article: {area}--{slug}. */
  articles: 'content/sandbox/articles',
  /** One document per category: {area}--{slug}. */
  categories: 'content/sandbox/categories',
} as const;

export function contentDocumentId(area: ContentArea, slug: string): string {
  return `${area}--${slug}`;
}

const slug = z.string().check(z.regex(CONTENT_SLUG_PATTERN));
const text = z.string().check(z.minLength(1));

/** One language of an article: what the page shows, and its plain text for search. */
export const storedArticleLocaleSchema = z.object({
  title: text,
  description: text,
  /** Markdown. */
  body: text,
  /** The body without markup (search and snippets). */
  text: z.string(),
  readingMinutes: z.number().check(z.int(), z.gte(1)),
});

export const storedArticleSchema = z.object({
  area: z.enum(CONTENT_AREAS),
  slug,
  /** Category slugs; the first is the one its address uses. */
  categories: z.array(slug).check(z.minLength(1)),
  author: text,
  heroPriority: z.nullable(z.number()),
  categoryPriority: z.nullable(z.number()),
  order: z.number(),
  premium: z.boolean(),
  thumbnail: z.string().check(z.startsWith('/content/')),
  updatedAt: z.iso.date(),
  locales: z.object({ en: storedArticleLocaleSchema, es: storedArticleLocaleSchema }),
});
export type StoredArticle = z.infer<typeof storedArticleSchema>;

const categoryLocale = z.object({ label: text, description: z.string() });
export const storedCategorySchema = z.object({
  area: z.enum(CONTENT_AREAS),
  slug,
  order: z.number(),
  thumbnail: z.string().check(z.startsWith('/content/')),
  locales: z.object({ en: categoryLocale, es: categoryLocale }),
});
export type StoredCategory = z.infer<typeof storedCategorySchema>;
