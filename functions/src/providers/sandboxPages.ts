// The sandbox providers' own pages (the e-sign signing page, the bank-link widget), served by HTTP functions of
// this backend like a vendor serves them from its own site.
import type { Response } from 'express';
import { z } from 'zod/mini';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';

/** A form field or query parameter as text: anything but a string reads as empty. */
export const formText = z.catch(z.string(), '');

/** A form body parsed with `fields`; a body that is not a form reads as one with every field empty. */
export function formBody<T extends z.core.$ZodLooseShape>(fields: T, request: { body?: unknown }) {
  const schema = z.object(fields);
  const parsed = schema.safeParse(request.body ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

function projectId(): string {
  return process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-credit-readiness';
}

/**
 * Where an HTTP function of this backend answers: SANDBOX_PAGES_ORIGIN when set, else the Functions emulator
 * (port 5001, firebase.json) under the emulators, else the deployed functions' address.
 */
export function sandboxPageUrl(functionName: string): string {
  const configured = process.env.SANDBOX_PAGES_ORIGIN?.replace(/\/+$/, '');
  if (configured) return `${configured}/${projectId()}/${FUNCTIONS_REGION}/${functionName}`;
  if (process.env.FUNCTIONS_EMULATOR === 'true') {
    return `http://127.0.0.1:5001/${projectId()}/${FUNCTIONS_REGION}/${functionName}`;
  }
  return `https://${FUNCTIONS_REGION}-${projectId()}.cloudfunctions.net/${functionName}`;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/**
 * The script that tells the hosting page, and only it: the message goes to the parent's origin when that is the
 * app (`appUrl`, the functions' APP_URL) or, on these development-only pages, a loopback origin (the app on another
 * local port); otherwise to the app's origin, so a page that frames the widget elsewhere hears nothing. (The app's
 * address is a parameter so that this module reads no settings when it loads.)
 */
export function notifyParentScript(appUrl: string, message: unknown): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script>(function () {
  var app = ${json(new URL(appUrl).origin)};
  var parent = window.location.ancestorOrigins && window.location.ancestorOrigins[0];
  var loopback = /^http:\\/\\/(127\\.0\\.0\\.1|localhost)(:\\d+)?$/;
  var target = parent && (parent === app || loopback.test(parent)) ? parent : app;
  window.parent.postMessage(${json(message)}, target);
})();</script>`;
}

/**
 * Sends an embedded widget's page: only inline styles and scripts, forms posting to itself, and framed only by the
 * app (`appUrl`) or a loopback origin (the app on a local port).
 */
export function sendWidgetPage(appUrl: string, response: Response, status: number, html: string): void {
  const hosts = `${new URL(appUrl).origin} http://127.0.0.1:* http://localhost:*`;
  response
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors ${hosts}`,
    )
    .send(html);
}

/** A whole page: inline styles only, no outside resources (the pages work offline). */
export function page(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f5fb;color:#1f1d2b}
main{max-width:720px;margin:0 auto;padding:24px}
h1{font-size:1.4rem;margin:0 0 4px}h2{font-size:1.1rem;margin:20px 0 8px}
.sandbox{display:inline-block;font-size:.75rem;background:#fff3cd;color:#7a5b00;border-radius:4px;padding:2px 6px;margin-bottom:12px}
.card{background:#fff;border:1px solid #e3e1ee;border-radius:8px;padding:16px;margin:12px 0}
button{background:#6741d9;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:1rem;cursor:pointer}
button:disabled{background:#b8aee6;cursor:not-allowed}
select{padding:8px;font-size:1rem;border:1px solid #c9c6d8;border-radius:6px;max-width:100%}
.score strong{font-size:2.4rem}nav{margin:8px 0}nav a{color:#6741d9}
label{display:block;margin:10px 0}input[type=text]{width:100%;max-width:360px;padding:8px;font-size:1rem;border:1px solid #c9c6d8;border-radius:6px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:4px 8px;border-bottom:1px solid #eee}
.muted{color:#6b6880}.ok{color:#2b8a3e;font-weight:600}
</style></head><body><main>${body}</main></body></html>`;
}
