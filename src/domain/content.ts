// The learning center's and the support center's content rules (spec 002 §2 learning center, support center, §3
// Content entry, §6 premium-articles flag, §7 content queries, §9; spec 000 §2.4):
// the areas and their categories, the list sizes, the order articles are listed in, who sees premium articles,
// and the search's ranking. Pure: the functions' content provider, the seed and the pages share it.

export const CONTENT_AREAS = ['learning', 'support'] as const;
export type ContentArea = (typeof CONTENT_AREAS)[number];

/**
 * The learning center's categories, in the order the home lists them. home-buying and credit are the spec's own
 * (/learning-center/home-buying/…, the credit overview's /learning-center/credit); the others follow the goals
 * (spec 002 §1: mortgage, refinance, recreational vehicle, financial wellness).
 */
export const LEARNING_CATEGORIES = [
  'home-buying',
  'credit',
  'refinancing',
  'budgeting-and-saving',
  'recreational-vehicles',
] as const;
/** The support center's categories (spec 002 §2 "Support center"), in the order the support home lists them. */
export const SUPPORT_CATEGORIES = [
  'my-account-and-login',
  'loan-readiness-score',
  'action-plan',
  'money',
  'credit',
  'documents',
] as const;
export type LearningCategory = (typeof LEARNING_CATEGORIES)[number];
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const CONTENT_CATEGORIES: Readonly<Record<ContentArea, readonly string[]>> = {
  learning: LEARNING_CATEGORIES,
  support: SUPPORT_CATEGORIES,
};

export function isContentCategory(area: ContentArea, category: string): boolean {
  return CONTENT_CATEGORIES[area].includes(category);
}

/** Where each area's pages live (spec 002 §2). */
export const CONTENT_AREA_PATHS: Readonly<Record<ContentArea, string>> = {
  learning: '/learning-center',
  support: '/support',
};

/** An article's address in the app: /learning-center/{category}/{slug} or /support/{category}/{slug}. */
export function contentArticlePath(area: ContentArea, category: string, slug: string): string {
  return `${CONTENT_AREA_PATHS[area]}/${category}/${slug}`;
}

export function contentCategoryPath(area: ContentArea, category: string): string {
  return `${CONTENT_AREA_PATHS[area]}/${category}`;
}

/** Slugs: lower-case words joined by single hyphens (URL path segments as they are). */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTENT_SLUG_MAX_LENGTH = 120;

// spec 002 §9: 16 per category page; 4 per category on the home and in similar lists; featured articles take a
// slice 1 to 4 of the hero-ordered list (the first is the home's hero, the next three are featured beside it).
export const ARTICLES_PER_CATEGORY_PAGE = 16;
export const ARTICLES_PER_CATEGORY_PREVIEW = 4;
export const RELATED_ARTICLES = 4;
export const FEATURED_SLICE = { start: 1, end: 4 } as const;
/** Category pages beyond this are refused as bad input (16 × 50 = 800 articles is far beyond any category). */
export const CONTENT_PAGE_MAX = 50;

// Search: a bounded query, a bounded answer.
export const SEARCH_QUERY_MIN_LENGTH = 2;
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_RESULTS_MAX = 20;
export const SEARCH_SNIPPET_LENGTH = 160;
/** At most this many distinct terms of a query count (a pasted paragraph does not make the search slow). */
export const SEARCH_TERMS_MAX = 8;

/** Reading time: words per minute, at least a minute. */
export const READING_WORDS_PER_MINUTE = 200;
export function readingMinutes(plainText: string): number {
  const words = plainText.split(/\s+/).filter((word) => word !== '').length;
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}

/** What ordering reads of an article. */
export interface ContentOrderFields {
  slug: string;
  heroPriority: number | null;
  categoryPriority: number | null;
  order: number;
}

/**
 * Category lists: articles with a category priority first (1 before 2), then by `order`, then by slug, so the
 * order never depends on how the store answered.
 */
export function compareForCategory(a: ContentOrderFields, b: ContentOrderFields): number {
  const priority = (a.categoryPriority ?? Number.POSITIVE_INFINITY) - (b.categoryPriority ?? Number.POSITIVE_INFINITY);
  if (priority !== 0 && !Number.isNaN(priority)) return priority;
  if (a.order !== b.order) return a.order - b.order;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/** The home's hero order: only articles with a hero priority, 1 first; ties as in a category list. */
export function heroOrder<T extends ContentOrderFields>(articles: readonly T[]): T[] {
  return articles
    .filter((article) => article.heroPriority !== null)
    .sort((a, b) => (a.heroPriority ?? 0) - (b.heroPriority ?? 0) || compareForCategory(a, b));
}

/** The hero (the first of the hero order) and the featured slice beside it (spec 002 §9 "slice 1 to 4"). */
export function heroAndFeatured<T extends ContentOrderFields>(articles: readonly T[]): { hero: T | null; featured: T[] } {
  const ordered = heroOrder(articles);
  return { hero: ordered[0] ?? null, featured: ordered.slice(FEATURED_SLICE.start, FEATURED_SLICE.end) };
}

/** Pages of a category list: 1-based; an empty category has one (empty) page. */
export function pageCount(total: number, perPage = ARTICLES_PER_CATEGORY_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export function pageSlice<T>(items: readonly T[], page: number, perPage = ARTICLES_PER_CATEGORY_PAGE): T[] {
  return items.slice((page - 1) * perPage, page * perPage);
}

/**
 * Who sees premium articles (spec 000 §6 "premium articles require a non-free product line", spec 002 §6 the
 * premium-articles flag): a non-free line while the flag is on. Everyone else sees free articles only. Support
 * articles are never premium.
 */
export function canReadPremiumArticles(facts: { freeLine: boolean; premiumArticlesFlag: boolean }): boolean {
  return facts.premiumArticlesFlag && !facts.freeLine;
}

// ---------------------------------------------------------------------------------------------- search

/** Lower case, accents folded (préstamo = prestamo), anything that is not a letter or digit a space. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Words too common to rank by, per language (the query keeps them only when nothing else is left).
const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'do', 'for', 'how', 'i', 'in', 'is', 'it', 'my', 'of',
  'on', 'or', 'the', 'to', 'what', 'when', 'where', 'why', 'with', 'you', 'your',
  'al', 'como', 'con', 'cual', 'de', 'del', 'el', 'en', 'es', 'la', 'las', 'lo', 'los', 'mi', 'mis', 'o', 'para',
  'por', 'que', 'se', 'su', 'sus', 'tu', 'tus', 'un', 'una', 'y',
]);

/** A query's distinct terms (normalised, stop words dropped unless nothing else is left), at most SEARCH_TERMS_MAX. */
export function searchTerms(query: string): string[] {
  const words = [...new Set(normalizeForSearch(query).split(' ').filter((word) => word !== ''))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, SEARCH_TERMS_MAX);
}

/** The searchable text of one article in one language (plain text, markdown already removed). */
export interface SearchableArticle {
  title: string;
  description: string;
  text: string;
}

const WEIGHT = { title: 10, description: 4, text: 1 } as const;
/** A body counts each term at most this many times, so repeating a word does not buy a rank. */
const BODY_HITS_MAX = 5;

function countWord(haystack: string, term: string): number {
  // Whole words and word starts both count ('dispute' finds 'disputes'); haystack and term are normalised.
  let count = 0;
  let index = haystack.indexOf(term);
  while (index !== -1) {
    if (index === 0 || haystack[index - 1] === ' ') count += 1;
    index = haystack.indexOf(term, index + term.length);
  }
  return count;
}

/**
 * A relevance score: every term must appear somewhere (title, description or body) or the article scores 0;
 * title hits weigh most, then the description, then the body (capped), and the whole phrase in the title adds a
 * bonus. Deterministic: the same article and query always score the same.
 */
export function searchScore(terms: readonly string[], article: SearchableArticle): number {
  if (terms.length === 0) return 0;
  const title = normalizeForSearch(article.title);
  const description = normalizeForSearch(article.description);
  const text = normalizeForSearch(article.text);
  let score = 0;
  for (const term of terms) {
    const inTitle = countWord(title, term);
    const inDescription = countWord(description, term);
    const inText = Math.min(countWord(text, term), BODY_HITS_MAX);
    if (inTitle + inDescription + inText === 0) return 0;
    score += WEIGHT.title * Math.min(inTitle, 2) + WEIGHT.description * Math.min(inDescription, 2) + WEIGHT.text * inText;
  }
  if (terms.length > 1 && title.includes(terms.join(' '))) score += WEIGHT.title * terms.length;
  return score;
}

/**
 * A short excerpt of the body around the first term found (or its beginning), on word boundaries, with an
 * ellipsis where it was cut. Plain text: the page shows it as text, never as HTML.
 */
export function searchSnippet(text: string, terms: readonly string[], length = SEARCH_SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const normalised = normalizeForSearch(flat);
  // normalizeForSearch keeps one character per letter of the folded text only when nothing was removed before
  // the hit; find the hit in a lower-cased, accent-folded copy of the same length instead.
  const folded = flat.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
  let at = -1;
  for (const term of terms) {
    if (!normalised.includes(term)) continue;
    const found = folded.indexOf(term);
    if (found !== -1 && (at === -1 || found < at)) at = found;
  }
  let start = at <= length / 3 ? 0 : at - Math.floor(length / 3);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space === -1 ? start : space + 1;
  }
  let end = Math.min(flat.length, start + length);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    end = space > start ? space : end;
  }
  // The folded copy may be shorter than the text (a letter with a combining accent); the cut stays in range.
  return `${start > 0 ? '… ' : ''}${flat.slice(start, end).trim()}${end < flat.length ? ' …' : ''}`;
}
