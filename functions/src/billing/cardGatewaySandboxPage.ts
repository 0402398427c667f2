// The sandbox card gateway's vendor side, served like a vendor serves it from its own site:
//   GET  /v1/Accept.js  the browser script, an Accept.js look-alike (Authorize.net's documented API):
//        window.Accept.dispatchData({ authData: { clientKey, apiLoginID }, cardData: { cardNumber, month, year,
//        cardCode, fullName, zip } }, callback) → callback({ opaqueData?, messages: { resultCode, message[] } })
//   POST /v1/tokens     what the script calls: checks the card fields (the E_WC codes) and answers an opaque value.
// The card fields go from the browser to this vendor endpoint only, never to our callables. Request bodies are never
// logged. The test cards, the E_WC rules and the charge triggers are listed in cardGatewaySandbox.ts.
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import type { Request } from 'firebase-functions/v2/https';
import type { Response } from 'express';
import { FUNCTIONS_REGION } from '../../../src/domain/constants';
import { APP_URL } from '../platform/config';
import { sandboxCardGateway } from './gateway';

/** The origins allowed to call the token endpoint: the app (APP_URL) and, on this development-only vendor, loopback. */
export function isAllowedOrigin(origin: string | undefined, appUrl = APP_URL): boolean {
  if (!origin) return false;
  if (origin === new URL(appUrl).origin) return true;
  return /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin);
}

/** The browser script: plain JavaScript, no dependencies. Its base address is where it was loaded from. */
export const ACCEPT_JS = `/* Card gateway sandbox: Accept.js look-alike. Card data goes to this vendor only. */
(function () {
  'use strict';
  var current = document.currentScript;
  var base = current && current.src ? current.src.replace(/\\/v1\\/Accept\\.js(?:[?#].*)?$/, '') : '';
  function error(code, text) {
    return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } };
  }
  function deliver(callback, response) {
    var handler = typeof callback === 'function' ? callback : typeof callback === 'string' ? window[callback] : null;
    if (typeof handler === 'function') setTimeout(function () { handler(response); }, 0);
  }
  function field(value) {
    return value === undefined || value === null ? '' : String(value);
  }
  window.Accept = {
    dispatchData: function (secureData, callback) {
      if (!secureData || typeof secureData !== 'object' || !secureData.cardData || !secureData.authData) {
        deliver(callback, error('E_WC_04', 'Please provide mandatory field to library.'));
        return;
      }
      var card = secureData.cardData;
      var body = JSON.stringify({
        authData: { apiLoginID: field(secureData.authData.apiLoginID), clientKey: field(secureData.authData.clientKey) },
        cardData: {
          cardNumber: field(card.cardNumber),
          month: field(card.month),
          year: field(card.year),
          cardCode: field(card.cardCode),
          fullName: field(card.fullName),
          zip: field(card.zip)
        }
      });
      fetch(base + '/v1/tokens', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body,
        credentials: 'omit',
        cache: 'no-store'
      })
        .then(function (response) { return response.json(); })
        .then(function (response) { deliver(callback, response); })
        .catch(function () { deliver(callback, error('E_WC_14', 'Accept.js encryption failed.')); });
    }
  };
})();
`;

function allowCors(request: Request, response: Response): void {
  const origin = request.get('Origin');
  if (isAllowedOrigin(origin)) {
    response.set('Access-Control-Allow-Origin', origin ?? '');
    response.set('Vary', 'Origin');
    response.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    response.set('Access-Control-Allow-Headers', 'Content-Type');
    response.set('Access-Control-Max-Age', '600');
  }
}

async function handle(request: Request, response: Response): Promise<void> {
  allowCors(request, response);
  response.set('Cache-Control', 'no-store');
  const path = request.path.replace(/\/+$/, '');
  if (request.method === 'OPTIONS') {
    response.status(204).send('');
    return;
  }
  if (path === '/v1/Accept.js') {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.status(405).set('Allow', 'GET').send('');
      return;
    }
    response.status(200).set('Content-Type', 'text/javascript; charset=utf-8').set('X-Content-Type-Options', 'nosniff').send(ACCEPT_JS);
    return;
  }
  if (path === '/v1/tokens') {
    if (request.method !== 'POST') {
      response.status(405).set('Allow', 'POST').send('');
      return;
    }
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    const answer = await sandboxCardGateway().createToken({
      authData: typeof body.authData === 'object' && body.authData !== null ? body.authData : undefined,
      cardData: typeof body.cardData === 'object' && body.cardData !== null ? body.cardData : undefined,
    });
    response.status(200).json(answer);
    return;
  }
  response.status(404).json({ messages: { resultCode: 'Error', message: [{ code: 'E00003', text: 'Not found.' }] } });
}

export const cardGatewaySandbox = onRequest({ region: FUNCTIONS_REGION }, async (request, response) => {
  try {
    await handle(request, response);
  } catch (error) {
    // The message only: never the request body (it holds card fields).
    logger.error('cardGatewaySandbox failed', { error: error instanceof Error ? error.message : 'unknown' });
    response.status(500).json({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_14', text: 'Accept.js encryption failed.' }] } });
  }
});
