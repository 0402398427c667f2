// The CRM's secure billing pages, a sandbox stand-in served by this backend (spec 001 §7 getSecureSFURL; spec 002 §7
// getSecureBillingInformationURL, getSecureProcessPaymentURL). GET ?token=<signed single-use link> shows the page:
// update the card on file, or pay the amount due (with the card on file or a new one). The card fields are read by
// the card gateway sandbox's Accept.js in the browser and never posted here (the inputs have no name): the form
// posts the opaque value. The same server payment code as the callables runs (billing/: the card on file, the
// ledger, the idempotency key made when the page is shown). Afterwards the browser goes back to the app's origin +
// the link's return path + ?secure=updated|paid|cancelled (/settings/billing shows it as its confirmation dialog,
// /update-payment as a toast; either takes it off the address at once).
import { randomBytes, randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions';
import { HttpsError, onRequest } from 'firebase-functions/v2/https';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { db } from '../platform/admin';
import { APP_URL, SITE_ID } from '../platform/config';
import { COLLECTIONS } from '../platform/collections';
import { serverFlags } from '../platform/featureFlags';
import { crm } from '../providers';
import { SANDBOX_API_LOGIN_ID, SANDBOX_CLIENT_KEY } from './cardGatewaySandbox';
import { storedUserSchema } from '../platform/storedDocuments';
import { amountDueOf, parseBilling, PAYMENTS_COLLECTION } from './paymentAccount';
import { catalogue } from './catalogue';
import { chargeOnce } from './charge';
import { cardGateway } from './gateway';
import { maskedCard, saveCardOnFile } from './profile';
import { consumeSecureLink, readSecureLink, returnUrl, type SecureLink, type SecureResult } from './secureLinks';
import { escapeHtml, formBody, formText, page, sandboxPageUrl } from '../providers/sandboxPages';

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

function send(response: Response, status: number, html: string, nonce: string): void {
  const gateway = new URL(sandboxPageUrl('cardGatewaySandbox')).origin;
  const app = `${new URL(APP_URL).origin} http://127.0.0.1:* http://localhost:*`;
  response
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .set('Referrer-Policy', 'no-referrer')
    .set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}' ${gateway}; connect-src ${gateway}; form-action 'self' ${app}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}

const expiredPage = () =>
  page(
    'Link expired',
    `<span class="sandbox">Secure billing sandbox</span><h1>This link has expired or was already used.</h1><p><a href="${escapeHtml(APP_URL)}">Back to the app</a></p>`,
  );

interface Customer {
  contactId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  zip: string;
  country: string;
  status: string | null;
}

async function customerOf(uid: string): Promise<Customer> {
  const parsed = storedUserSchema.safeParse((await db().collection(COLLECTIONS.users).doc(uid).get()).data() ?? {});
  const user = parsed.success ? parsed.data : {};
  const contactId = user.customer?.contactId ?? null;
  const contact = contactId ? await crm().getContact(contactId) : null;
  return {
    contactId,
    firstName: contact?.FirstName ?? user.firstName ?? '',
    lastName: contact?.LastName ?? user.lastName ?? '',
    email: contact?.Email ?? '',
    address: contact?.MailingStreet ?? '',
    zip: contact?.MailingPostalCode ?? '',
    country: contact?.MailingCountry ?? 'US',
    status: user.customer?.subscriptionStatus ?? contact?.Status__c ?? null,
  };
}

const CARD_INPUTS = `
<label>Card number<br><input type="text" id="cardNumber" inputmode="numeric" autocomplete="cc-number" required aria-describedby="cardNumber-error"></label><p id="cardNumber-error" class="field-error"></p>
<label>Expiration month (MM)<br><input type="text" id="month" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" required aria-describedby="month-error"></label><p id="month-error" class="field-error"></p>
<label>Expiration year (YYYY)<br><input type="text" id="year" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" required aria-describedby="year-error"></label><p id="year-error" class="field-error"></p>
<label>Security code<br><input type="text" id="cardCode" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required aria-describedby="cardCode-error"></label><p id="cardCode-error" class="field-error"></p>
<label>Name on card<br><input type="text" id="fullName" autocomplete="cc-name" required aria-describedby="fullName-error"></label><p id="fullName-error" class="field-error"></p>
<label>Billing ZIP code<br><input type="text" id="zip" inputmode="numeric" autocomplete="postal-code" required aria-describedby="zip-error"></label><p id="zip-error" class="field-error"></p>`;

/** The form's script: the card fields go to the gateway's Accept.js; only the opaque value is posted here. */
function cardScript(nonce: string): string {
  const auth = JSON.stringify({ apiLoginID: SANDBOX_API_LOGIN_ID, clientKey: SANDBOX_CLIENT_KEY });
  return `<script nonce="${nonce}">(function () {
  var form = document.getElementById('card-form');
  if (!form) return;
  var fields = { E_WC_05: 'cardNumber', E_WC_06: 'month', E_WC_07: 'year', E_WC_08: 'year', E_WC_15: 'cardCode', E_WC_16: 'zip', E_WC_17: 'fullName' };
  var ids = ['cardNumber', 'month', 'year', 'cardCode', 'fullName', 'zip'];
  var status = document.getElementById('form-status');
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var button = form.querySelector('button[type=submit]');
    button.disabled = true;
    status.textContent = '';
    ids.forEach(function (id) { document.getElementById(id).removeAttribute('aria-invalid'); document.getElementById(id + '-error').textContent = ''; });
    var value = function (id) { return document.getElementById(id).value; };
    window.Accept.dispatchData({ authData: ${auth}, cardData: { cardNumber: value('cardNumber'), month: value('month'), year: value('year'), cardCode: value('cardCode'), fullName: value('fullName'), zip: value('zip') } }, function (response) {
      if (!response || !response.messages || response.messages.resultCode !== 'Ok' || !response.opaqueData) {
        var first = null;
        (response && response.messages ? response.messages.message : []).forEach(function (message) {
          var id = fields[message.code];
          if (id) {
            document.getElementById(id).setAttribute('aria-invalid', 'true');
            document.getElementById(id + '-error').textContent = message.text;
            first = first || id;
          } else {
            status.textContent = message.text;
          }
        });
        if (first) { status.textContent = 'Please correct the highlighted fields.'; document.getElementById(first).focus(); }
        button.disabled = false;
        return;
      }
      form.elements.dataDescriptor.value = response.opaqueData.dataDescriptor;
      form.elements.dataValue.value = response.opaqueData.dataValue;
      ids.forEach(function (id) { document.getElementById(id).value = ''; });
      form.submit();
    });
  });
})();</script>`;
}

const STYLE = `<style>.field-error{color:#b3261e;margin:2px 0 8px;min-height:0}[aria-invalid=true]{border-color:#b3261e!important}.alert{color:#b3261e;font-weight:600}
a{color:#5b35c9}button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1f1d2b;outline-offset:2px}.link{background:none;color:#5b35c9;text-decoration:underline;padding:0}</style>`;

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

async function render(link: SecureLink, token: string, notice: string | null, nonce: string): Promise<string> {
  const [customer, billingData] = await Promise.all([customerOf(link.uid), db().collection(PAYMENTS_COLLECTION).doc(link.uid).get()]);
  const billing = parseBilling(billingData.data());
  const onFile = billing.profile ? `${billing.profile.cardType} ${maskedCard(billing.profile.last4)}` : null;
  const alert = notice ? `<p class="alert" role="alert">${escapeHtml(notice)}</p>` : '';
  const idempotencyKey = randomUUID();
  const cancel = `<form method="post">${hidden('token', token)}${hidden('action', 'cancel')}<button type="submit" class="link">Cancel and return</button></form>`;
  const cardForm = (action: string, label: string) => `<form method="post" id="card-form" class="card" novalidate>
${hidden('token', token)}${hidden('action', action)}${hidden('idempotencyKey', idempotencyKey)}${hidden('dataDescriptor', '')}${hidden('dataValue', '')}
${CARD_INPUTS}
<p id="form-status" role="status" class="alert"></p>
<button type="submit">${escapeHtml(label)}</button></form>`;
  const head = `${STYLE}<span class="sandbox">Secure billing sandbox</span>`;
  const script = `<script nonce="${nonce}" src="${escapeHtml(sandboxPageUrl('cardGatewaySandbox'))}/v1/Accept.js"></script>${cardScript(nonce)}`;

  if (link.request === 'getSecureBillingInformationURL') {
    const current = onFile ? `<p>Card on file: <strong>${escapeHtml(onFile)}</strong></p>` : '<p>No card on file.</p>';
    return page('Update your payment method', `${head}<h1>Update your payment method</h1>${current}${alert}${cardForm('save', 'Save card')}${cancel}${script}`);
  }
  const due = amountDueOf(billing, customer.status, catalogue());
  if (due.amount === 0) {
    return page('Make a payment', `${head}<h1>Make a payment</h1>${alert}<p>Nothing is due right now.</p>${cancel}`);
  }
  const payOnFile = onFile
    ? `<form method="post" class="card">${hidden('token', token)}${hidden('action', 'pay')}${hidden('idempotencyKey', idempotencyKey)}<p>Pay with <strong>${escapeHtml(onFile)}</strong></p><button type="submit">Pay ${escapeHtml(usd(due.amount))}</button></form><h2>Or pay with another card</h2>`
    : '';
  return page(
    'Make a payment',
    `${head}<h1>Make a payment</h1><p>Amount due: <strong>${escapeHtml(usd(due.amount))}</strong></p>${alert}${payOnFile}${cardForm('pay', `Save card and pay ${usd(due.amount)}`)}${cancel}${script}`,
  );
}

async function finish(response: Response, link: SecureLink, result: SecureResult): Promise<void> {
  await consumeSecureLink(link.id);
  response.redirect(303, returnUrl(link.returnPath, result));
}

async function handle(request: Request, response: Response): Promise<void> {
  const nonce = randomBytes(16).toString('base64');
  if (request.method === 'GET') {
    const token = formText.parse(request.query.token);
    const link = await readSecureLink(token);
    if (!link) return send(response, 403, expiredPage(), nonce);
    return send(response, 200, await render(link, token, null, nonce), nonce);
  }
  if (request.method !== 'POST') {
    response.status(405).set('Allow', 'GET, POST').send('');
    return;
  }
  const body = formBody({ token: formText, action: formText, dataDescriptor: formText, dataValue: formText, idempotencyKey: formText }, request);
  const link = await readSecureLink(body.token);
  if (!link) return send(response, 403, expiredPage(), nonce);
  if (body.action === 'cancel') return finish(response, link, 'cancelled');

  const customer = await customerOf(link.uid);
  const gateway = cardGateway();
  if (body.dataValue) {
    try {
      await saveCardOnFile(
        link.uid,
        { dataDescriptor: body.dataDescriptor, dataValue: body.dataValue },
        {
          firstName: customer.firstName,
          lastName: customer.lastName,
          address: customer.address,
          zip: customer.zip,
          country: customer.country,
          email: customer.email,
          customerId: customer.contactId ?? link.uid,
        },
        gateway,
      );
    } catch (error) {
      if (!(error instanceof HttpsError)) throw error;
      return send(response, 400, await render(link, body.token, 'We could not save this card. Please enter it again.', nonce), nonce);
    }
  }
  if (link.request === 'getSecureBillingInformationURL') {
    if (!body.dataValue) return send(response, 400, await render(link, body.token, 'Enter a card to save.', nonce), nonce);
    return finish(response, link, 'updated');
  }
  if (body.action !== 'pay' || !/^[0-9a-f-]{36}$/.test(body.idempotencyKey)) {
    return send(response, 400, await render(link, body.token, 'Please try again.', nonce), nonce);
  }
  if (!(await serverFlags()).charging) {
    return send(response, 409, await render(link, body.token, 'Payments cannot be taken online right now. Please call us.', nonce), nonce);
  }
  const billing = parseBilling((await db().collection(PAYMENTS_COLLECTION).doc(link.uid).get()).data());
  const items = catalogue();
  const due = amountDueOf(billing, customer.status, items);
  if (due.amount === 0 || due.itemId === null) return finish(response, link, 'paid');
  try {
    const answer = await chargeOnce(
      link.uid,
      { siteId: SITE_ID, idempotencyKey: body.idempotencyKey, itemId: due.itemId, amount: due.amount },
      { gateway, items, contactId: customer.contactId },
    );
    if (answer.status === 'approved') return finish(response, link, 'paid');
    return send(response, 402, await render(link, body.token, answer.message.text, nonce), nonce);
  } catch (error) {
    if (!(error instanceof HttpsError)) throw error;
    const text = error.message === 'no-payment-profile' ? 'Enter a card to pay with.' : 'The payment could not be made. Please try again.';
    return send(response, 409, await render(link, body.token, text, nonce), nonce);
  }
}

export const secureBillingSandbox = onRequest({ region: FUNCTIONS_REGION }, async (request, response) => {
  const nonce = randomBytes(16).toString('base64');
  try {
    await handle(request, response);
  } catch (error) {
    // The message only: a form body is never logged.
    logger.error('secureBillingSandbox failed', { error: error instanceof Error ? error.message : 'unknown' });
    send(response, 500, page('Error', '<h1>Something went wrong. Please try again.</h1>'), nonce);
  }
});
