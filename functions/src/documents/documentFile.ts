// A document's file behind a short-lived link (spec 001 §7 getDocumentUrl; issue: every read of a file goes through
// a link issued after the permission check, never through Storage rules). GET ?token=<random> serves the one object
// the token record names (documentUrlTokens/{token}, written by getDocumentUrl) until it expires: inline for view,
// as an attachment for download. A token may be used again until then (a PDF viewer asks for byte ranges), only for
// its object. An unknown token is 404, an expired one 410, each with a small page.
import { logger } from 'firebase-functions';
import { onRequest, type Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { isAcceptedContentType } from '../../../src/domain/documents';
import { documentsBucket, isDocumentId, storedMillis, storedUrlTokenSchema, urlTokenRef, type StoredUrlToken } from './documentStore';
import { formText, page } from '../providers/sandboxPages';

/** A page for a link that does not work (no outside resources, never framed, not indexed). */
function sendPage(response: Response, status: number, title: string, message: string): void {
  response
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set('Cache-Control', 'private, no-store')
    .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
    .set('X-Content-Type-Options', 'nosniff')
    .set('Referrer-Policy', 'no-referrer')
    .send(page(title, `<h1>${title}</h1><p>${message}</p>`));
}

const notFound = (response: Response) =>
  sendPage(response, 404, 'Link not found', 'This document link is not valid. Open the document again from your documents.');
const expired = (response: Response) =>
  sendPage(response, 410, 'Link expired', 'This document link has expired. Open the document again from your documents.');

/** An RFC 6266 Content-Disposition: an ASCII fallback name and the UTF-8 name (RFC 8187). */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_').trim() || 'document';
  const encoded = encodeURIComponent(name).replace(/['()*!]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * What a viewed file may do in the browser. Photos: nothing at all (sandboxed, no resources). PDFs: no resources but
 * the file itself for the browser's PDF viewer (a sandboxed document gets no PDF viewer in Chromium, so a PDF is not
 * sandboxed; nosniff and the signature checked at upload keep it a PDF).
 */
export function inlineContentSecurityPolicy(mimeType: string): string {
  return mimeType === 'application/pdf' ? "default-src 'none'; object-src 'self'; base-uri 'none'; form-action 'none'" : "default-src 'none'; sandbox";
}

/** One byte range of `size` bytes from a Range header (a single range; several or none: the whole file). */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

async function tokenRecord(token: string): Promise<StoredUrlToken | null> {
  if (token === '' || token.length > 128 || !isDocumentId(token)) return null;
  const snapshot = await urlTokenRef(token).get();
  if (!snapshot.exists) return null;
  const parsed = storedUrlTokenSchema.safeParse(snapshot.data());
  return parsed.success ? parsed.data : null;
}

async function handle(request: Request, response: Response): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.status(405).set('Allow', 'GET, HEAD').send('');
    return;
  }
  const record = await tokenRecord(formText.parse(request.query.token));
  if (!record) return notFound(response);
  const expiresAt = storedMillis(record.expiresAt);
  if (expiresAt === null || expiresAt <= Date.now()) return expired(response);

  const file = documentsBucket().file(record.storagePath);
  let size: number;
  try {
    const [metadata] = await file.getMetadata();
    size = Number(metadata.size);
  } catch (error) {
    // The document was deleted (or replaced) after the link was made.
    if ((error as { code?: unknown }).code === 404) return notFound(response);
    throw error;
  }
  const accepted = isAcceptedContentType(record.mimeType);
  const disposition = record.action === 'view' && accepted ? 'inline' : 'attachment';
  response
    .set('Content-Type', accepted ? record.mimeType : 'application/octet-stream')
    .set('Content-Disposition', contentDisposition(disposition, record.name))
    .set('Cache-Control', 'private, no-store')
    .set('X-Content-Type-Options', 'nosniff')
    .set('Referrer-Policy', 'no-referrer')
    .set('X-Robots-Tag', 'noindex')
    .set('Accept-Ranges', 'bytes');
  if (disposition === 'inline') response.set('Content-Security-Policy', inlineContentSecurityPolicy(record.mimeType));
  else response.set('Content-Security-Policy', "default-src 'none'; sandbox");

  const range = byteRange(request.get('range'), size);
  if (range === 'unsatisfiable') {
    response.status(416).set('Content-Range', `bytes */${size}`).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  response.status(range ? 206 : 200).set('Content-Length', String(size === 0 ? 0 : end - start + 1));
  if (range) response.set('Content-Range', `bytes ${start}-${end}/${size}`);
  if (request.method === 'HEAD' || size === 0) {
    response.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = file.createReadStream({ start, end });
    stream.on('error', (error) => {
      logger.error('document file stream failed', { documentId: record.documentId, error: error.message });
      response.destroy(error);
      resolve();
    });
    response.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(response);
  });
}

export const documentFile = onRequest({ region: FUNCTIONS_REGION }, async (request, response) => {
  try {
    await handle(request, response);
  } catch (error) {
    logger.error('documentFile failed', { error: error instanceof Error ? error.message : String(error) });
    if (!response.headersSent) sendPage(response, 500, 'Something went wrong', 'Please try again.');
    else response.destroy();
  }
});
