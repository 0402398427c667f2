// The sandbox providers' own pages (the e-sign signing page, the bank-link widget), served by HTTP functions of
// this backend like a vendor serves them from its own site.
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

/** A whole page: inline styles only, no outside resources (the pages work offline). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f5fb;color:#1f1d2b}
main{max-width:720px;margin:0 auto;padding:24px}
h1{font-size:1.4rem;margin:0 0 4px}h2{font-size:1.1rem;margin:20px 0 8px}
.sandbox{display:inline-block;font-size:.75rem;background:#fff3cd;color:#7a5b00;border-radius:4px;padding:2px 6px;margin-bottom:12px}
.card{background:#fff;border:1px solid #e3e1ee;border-radius:8px;padding:16px;margin:12px 0}
button{background:#6741d9;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:1rem;cursor:pointer}
button:disabled{background:#b8aee6;cursor:not-allowed}
label{display:block;margin:10px 0}input[type=text]{width:100%;max-width:360px;padding:8px;font-size:1rem;border:1px solid #c9c6d8;border-radius:6px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:4px 8px;border-bottom:1px solid #eee}
.muted{color:#6b6880}.ok{color:#2b8a3e;font-weight:600}
</style></head><body><main>${body}</main></body></html>`;
}
