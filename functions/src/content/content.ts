// The content service behind the learning center and the support center (spec 002 §7 "a content service queried
// for learning-center and support categories and articles (filters by slug, category id, order, limit 16 or 4)").
// A headless CMS answers these queries; the embedded default is the sandbox of
// contentSandbox.ts, whose articles ship in seed/content/ and are loaded into Firestore by the seed.
// Chosen with CONTENT_PROVIDER (providers/index.ts). The callables (callables.ts) decide who sees what: the
// provider answers for the flags it is given.
import type { ContentArticle, ContentArticleSummary, ContentCategory } from '../../../src/contract/content';
import type { UiLang } from '../../../src/contract/common';
import type { ContentArea } from '../../../src/domain/content';

export interface ContentListQuery {
  area: ContentArea;
  lang: UiLang;
  /** false: free articles only (the premium-articles rule, src/domain/content.ts). */
  includePremium: boolean;
  /** Only articles of this category. */
  category?: string;
  /** 'category': category priority, then order (a category's list); 'hero': hero articles only, by hero priority. */
  orderBy: 'category' | 'hero';
  offset?: number;
  limit?: number;
}

export interface ContentSearchQuery {
  area: ContentArea;
  lang: UiLang;
  includePremium: boolean;
  /** The words searched for (at most 100 characters, checked by the contract). */
  query: string;
  category?: string;
  limit: number;
}

export interface ContentProvider {
  /** The area's categories in their order, in the language asked for. */
  categories(area: ContentArea, lang: UiLang): Promise<ContentCategory[]>;
  /** A page of the area's articles and how many match in all. */
  articles(query: ContentListQuery): Promise<{ items: ContentArticleSummary[]; total: number }>;
  /** One article with its body, whatever its premium flag (the callable decides); null when there is none. */
  article(area: ContentArea, slug: string, lang: UiLang): Promise<ContentArticle | null>;
  /** Articles whose title, description or body hold every word, best first, with a plain-text snippet. */
  search(query: ContentSearchQuery): Promise<{ results: { article: ContentArticleSummary; snippet: string }[]; total: number }>;
}
