import type {
  GetContentArticleResponse,
  GetContentCategoryResponse,
  GetContentHomeResponse,
  SearchContentResponse,
} from '../../contract/content';
import type { ContentArea } from '../../domain/content';

// The content callables the learning center and the support center read (src/contract/content.ts; spec 002 §7
// content queries), implemented by src/adapters/firebase/content.ts. Failures are PortErrors
// ({ code, key? }): 'not-found' for an unknown category or article, 'failed-precondition' with key
// 'upgrade-required' for a premium article the customer's plan does not include.

export type ContentLang = 'en' | 'es';

export interface ContentPort {
  getHome(request: { area: ContentArea; lang: ContentLang }): Promise<GetContentHomeResponse>;
  getCategory(request: { area: ContentArea; category: string; lang: ContentLang; page?: number }): Promise<GetContentCategoryResponse>;
  getArticle(request: { area: ContentArea; category: string; slug: string; lang: ContentLang }): Promise<GetContentArticleResponse>;
  search(request: { area: ContentArea; query: string; lang: ContentLang; category?: string }): Promise<SearchContentResponse>;
}
