// The sandbox e-sign service's signing page (spec 000 §2.2 /sign-up/contract: the customer opens the contract link
// in a new window and signs). GET ?agreement=<token>&flow=<flow> shows the agreement with a signature form; POST
// records the signature and sends the signer to the app's contract-complete page; GET ?document=<token> shows a
// signed agreement (the contract link the CRM keeps, also used for contract download).
import { logger } from 'firebase-functions';
import { z } from 'zod/mini';
import { onRequest } from 'firebase-functions/v2/https';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { db } from '../platform/admin';
import { APP_URL } from '../platform/config';
import { FirestoreESignSandbox, type SandboxAgreement } from './firestoreESignSandbox';
import { crm, type SigningFlow } from '../providers';
import { escapeHtml, formBody, formText, page } from '../providers/sandboxPages';

const FLOWS = ['signedIn', 'quickSignUp'] as const satisfies readonly SigningFlow[];
const SIGNER_NAME_MAX_LENGTH = 255;

function appOrigins(): string {
  return `${new URL(APP_URL).origin} http://127.0.0.1:* http://localhost:*`;
}

function send(response: Response, status: number, html: string): void {
  response
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigins()}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}

/** Where the signer goes next (spec 001 §4): contract-complete, with the contact id when coming from quick sign-up. */
export function afterSigningUrl(agreement: SandboxAgreement, flow: SigningFlow): string {
  const query = flow === 'quickSignUp' ? `?${new URLSearchParams({ id: agreement.contactId }).toString()}` : '';
  return `${APP_URL}/sign-up/contract-complete${query}`;
}

const TERMS = [
  'The company will review your credit reports from Equifax, Experian and TransUnion and work with you on a plan toward your loan goal.',
  'You pay an initial consultation fee, then a monthly fee. The prices shown during onboarding are placeholders; pricing may vary by state.',
  'You are not charged until your location is confirmed and the first work fee actions are done.',
  'You may cancel at any time.',
];

function agreementBody(name: string): string {
  return `<span class="sandbox">E-sign sandbox</span>
<h1>Credit Readiness Services Agreement</h1>
<p class="muted">Prepared for ${escapeHtml(name)}</p>
<div class="card"><ol>${TERMS.map((term) => `<li>${escapeHtml(term)}</li>`).join('')}</ol></div>`;
}

async function contactName(contactId: string): Promise<string> {
  const contact = await crm().getContact(contactId);
  const name = [contact?.FirstName, contact?.LastName].filter(Boolean).join(' ');
  return name || 'Customer';
}

function signingForm(agreement: SandboxAgreement, flow: SigningFlow, error: string | null): string {
  return `<form method="post" class="card">
<input type="hidden" name="agreement" value="${escapeHtml(agreement.token)}">
<input type="hidden" name="flow" value="${escapeHtml(flow)}">
<label>Type your full name to sign<br><input type="text" name="signerName" required maxlength="${SIGNER_NAME_MAX_LENGTH}" autocomplete="name"></label>
<label><input type="checkbox" name="agree" value="yes" required> I have read and agree to this agreement.</label>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Sign agreement</button>
</form>`;
}

function signedBody(agreement: SandboxAgreement): string {
  const signedAt = agreement.signedAt ? agreement.signedAt.toISOString() : '';
  return `<div class="card"><p class="ok">Signed by ${escapeHtml(agreement.signerName ?? '')}</p><p class="muted">${escapeHtml(signedAt)}</p></div>`;
}

/** The flow a page was opened for; anything else is the signed-in one. */
const flowSchema = z.catch(z.enum(FLOWS), 'signedIn');

async function handle(request: Request, response: Response, sandbox: FirestoreESignSandbox): Promise<void> {
  if (request.method === 'GET') {
    const documentToken = formText.parse(request.query.document);
    if (documentToken) {
      const agreement = await sandbox.agreementByToken(documentToken);
      if (!agreement?.signedAt) return send(response, 404, page('Not found', '<h1>This document does not exist.</h1>'));
      return send(response, 200, page('Signed agreement', agreementBody(await contactName(agreement.contactId)) + signedBody(agreement)));
    }
    const agreement = await sandbox.agreementByToken(formText.parse(request.query.agreement));
    if (!agreement) return send(response, 404, page('Not found', '<h1>This signing link is not valid.</h1>'));
    const flow = flowSchema.parse(request.query.flow);
    const body = agreementBody(await contactName(agreement.contactId));
    if (agreement.signedAt) {
      const next = escapeHtml(afterSigningUrl(agreement, flow));
      return send(response, 200, page('Agreement signed', `${body}${signedBody(agreement)}<p><a href="${next}">Continue</a></p>`));
    }
    return send(response, 200, page('Sign your agreement', body + signingForm(agreement, flow, null)));
  }
  if (request.method === 'POST') {
    const body = formBody({ agreement: formText, flow: flowSchema, signerName: formText, agree: formText }, request);
    const agreement = await sandbox.agreementByToken(body.agreement);
    if (!agreement) return send(response, 404, page('Not found', '<h1>This signing link is not valid.</h1>'));
    const flow = body.flow;
    const signerName = body.signerName.trim();
    if (!signerName || signerName.length > SIGNER_NAME_MAX_LENGTH || body.agree !== 'yes') {
      const form = signingForm(agreement, flow, 'Type your full name and tick the box to sign.');
      return send(response, 400, page('Sign your agreement', agreementBody(await contactName(agreement.contactId)) + form));
    }
    const signed = await sandbox.sign(agreement.token, signerName);
    if (!signed) return send(response, 404, page('Not found', '<h1>This signing link is not valid.</h1>'));
    response.redirect(303, afterSigningUrl(signed, flow));
    return;
  }
  response.status(405).set('Allow', 'GET, POST').send('');
}

export const esignSandbox = onRequest({ region: FUNCTIONS_REGION }, async (request, response) => {
  try {
    await handle(request, response, new FirestoreESignSandbox(db));
  } catch (error) {
    logger.error('esignSandbox failed', { error: error instanceof Error ? error.message : String(error) });
    send(response, 500, page('Error', '<h1>Something went wrong. Please try again.</h1>'));
  }
});
