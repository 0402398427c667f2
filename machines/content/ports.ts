// The content pages' actor signatures (conventions in machines/ports.ts). The shapes are the parts of
// src/contract/content.ts searchContent's answer the search shows (the contract's answer is assignable to them).
import type { ContentArea } from '../../src/domain/content';
import type { PromiseActorSignature } from '../ports';

/** What a search result shows of its article and needs for its link. */
export interface ContentSearchArticle {
  area: ContentArea;
  slug: string;
  category: string;
  title: string;
  description: string;
  premium: boolean;
  readingMinutes: number;
}

export interface ContentSearchResult {
  article: ContentSearchArticle;
  /** Plain text (shown as text, never as HTML). */
  snippet: string;
}

export interface ContentSearchAnswer {
  query: string;
  results: ContentSearchResult[];
  /** How many matched in all (results holds the first 20). */
  total: number;
}

export interface ContentSearchActorSignatures {
  /** searchContent for the page's area, language and category, with the trimmed query. */
  searchContent: PromiseActorSignature<{ query: string }, ContentSearchAnswer>;
}
