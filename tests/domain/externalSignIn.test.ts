import { describe, expect, it } from 'vitest';
import { AGENT_TOKEN_MAX_LENGTH, agentTokenFromMessage, crmLinkInParams, withoutCrmLinkInParams } from '../../src/domain/externalSignIn';

describe('CRM link-in parameters (spec 000 §2.2)', () => {
  it('reads UserId, SessionId and ContactId from a path or a query string', () => {
    const expected = { userId: '005U', sessionId: '00D!S', contactId: '003C' };
    expect(crmLinkInParams('/?UserId=005U&SessionId=00D!S&ContactId=003C')).toEqual(expected);
    expect(crmLinkInParams('?UserId=005U&SessionId=00D!S&ContactId=003C')).toEqual(expected);
    expect(crmLinkInParams('UserId=005U&SessionId=00D!S&ContactId=003C')).toEqual(expected);
  });

  it('accepts the names in any case', () => {
    expect(crmLinkInParams('/credit?userid=005U&SESSIONID=S&contactId=003C')).toEqual({
      userId: '005U',
      sessionId: 'S',
      contactId: '003C',
    });
  });

  it('needs both UserId and SessionId; a ContactId alone is not a link-in', () => {
    expect(crmLinkInParams('/sign-up/contract-complete?contactId=003C')).toBeNull();
    expect(crmLinkInParams('/?UserId=005U&ContactId=003C')).toBeNull();
    expect(crmLinkInParams('/?UserId=&SessionId=S&ContactId=003C')).toBeNull();
    expect(crmLinkInParams('/')).toBeNull();
  });

  it('keeps a missing ContactId empty, for the server to refuse', () => {
    expect(crmLinkInParams('/?UserId=005U&SessionId=S')).toEqual({ userId: '005U', sessionId: 'S', contactId: '' });
  });

  it('ignores the hash', () => {
    expect(crmLinkInParams('/#?UserId=005U&SessionId=S')).toBeNull();
  });

  it('removes the link-in parameters from a path, keeping the others', () => {
    expect(withoutCrmLinkInParams('/?UserId=005U&SessionId=S&ContactId=003C')).toBe('/');
    expect(withoutCrmLinkInParams('/credit?lang=es&userid=005U&SESSIONID=S#top')).toBe('/credit?lang=es#top');
    expect(withoutCrmLinkInParams('/credit')).toBe('/credit');
  });
});

describe("the opener's agent token message (spec 000 §2.2)", () => {
  const opener = { name: 'admin console window' };
  const sender = { allowedOrigins: ['http://127.0.0.1:4173', 'https://admin.demo.test'], opener };

  it('takes the token from the opener window at an allowed origin, as a string or a token field', () => {
    expect(agentTokenFromMessage({ origin: 'https://admin.demo.test', source: opener, data: 'tok' }, sender)).toBe('tok');
    expect(agentTokenFromMessage({ origin: 'http://127.0.0.1:4173', source: opener, data: { token: ' tok ' } }, sender)).toBe('tok');
  });

  it('refuses a message from another origin, even from the opener', () => {
    expect(agentTokenFromMessage({ origin: 'https://evil.example', source: opener, data: 'tok' }, sender)).toBeNull();
    expect(agentTokenFromMessage({ origin: 'https://admin.demo.test.evil.example', source: opener, data: 'tok' }, sender)).toBeNull();
  });

  it('refuses a message from any window but the opener, even at an allowed origin', () => {
    expect(agentTokenFromMessage({ origin: 'https://admin.demo.test', source: { name: 'other' }, data: 'tok' }, sender)).toBeNull();
    expect(agentTokenFromMessage({ origin: 'https://admin.demo.test', source: null, data: 'tok' }, sender)).toBeNull();
  });

  it('refuses every message when the page has no opener', () => {
    expect(agentTokenFromMessage({ origin: 'https://admin.demo.test', source: null, data: 'tok' }, { ...sender, opener: null })).toBeNull();
  });

  it('refuses messages that carry no usable token', () => {
    for (const data of [null, 42, {}, { token: 7 }, '', '   ', 'x'.repeat(AGENT_TOKEN_MAX_LENGTH + 1)]) {
      expect(agentTokenFromMessage({ origin: 'https://admin.demo.test', source: opener, data }, sender)).toBeNull();
    }
  });
});
