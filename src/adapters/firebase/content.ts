import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import { lazyCall } from './callablesPort';

// The content callables for src/app/content/port.ts (checked where src/main.tsx hands it over) (requests and answers parsed with the shared contract by
// `call`; failures arrive as PortErrors). Loaded with the first content page (src/main.tsx).

/**
 * A content call's answer as the contract has it: its only `...At` field, an article's updatedAt, is a calendar date
 * (YYYY-MM-DD), not a date-time, so `call` leaves it a string (withDates converts ISO date-times only).
 */
async function contentCall<N extends CallableName>(name: N, data: CallableRequest<N>): Promise<CallableResponse<N>> {
  return (await lazyCall(name, data)) as unknown as CallableResponse<N>;
}

export function createContentPort() {
  return {
    getHome: (request: CallableRequest<'getContentHome'>) => contentCall('getContentHome', request),
    getCategory: (request: CallableRequest<'getContentCategory'>) => contentCall('getContentCategory', request),
    getArticle: (request: CallableRequest<'getContentArticle'>) => contentCall('getContentArticle', request),
    search: (request: CallableRequest<'searchContent'>) => contentCall('searchContent', request),
  };
}
