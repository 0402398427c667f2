import { describe, expect, it } from 'vitest';
import type { Claims } from '../../src/domain/claims';
import { AREAS, actorFromClaims, areaForPath, bypassesMaintenance, canAcceptAuthorizations, canAccessPath, canActForClient, canCompleteAction, canConnectBank, canDownloadDocuments, canModifyDocuments, canRecordViews, canSignContract, canSubmitDisputes, canUpdateAuth, canUseBankWidgets, hasCreditAccess, permittedAreas, withCoachConsoleFlag, worksOnCustomerAccount } from '../../src/domain/permissions';
import { answersFor } from '../support/answers';

const customer: Claims = { role: 'customer' };
const agent: Claims = { role: 'coach', isAgent: true };
const agentWithClientActions: Claims = { ...agent, allowClientActions: true };

describe('actor', () => {
  it('derives every fact from claims, missing ones as false', () => {
    expect(actorFromClaims({ role: 'coach', isAgent: true, agentIsAdmin: true })).toEqual({
      isAgent: true,
      allowClientActions: false,
      agentIsAdmin: true,
      agentIsDeveloper: false,
      allowPortalDownload: false,
      isDeveloper: false,
    });
  });
});

describe('acting for the client', () => {
  const clientActions = [
    canActForClient,
    canSignContract,
      canSubmitDisputes,
    canCompleteAction,
    canUpdateAuth,
    canConnectBank,
    (c: Claims) => canAcceptAuthorizations(c),
  ];

  it('allows a customer', () => {
    expect(clientActions.map((can) => can(customer))).toEqual(clientActions.map(() => true));
  });

  it('refuses an agent without allowClientActions', () => {
    expect(clientActions.map((can) => can(agent))).toEqual(clientActions.map(() => false));
  });

  it('allows an agent with allowClientActions', () => {
    expect(clientActions.map((can) => can(agentWithClientActions))).toEqual(clientActions.map(() => true));
  });

  it('works the same on a derived Actor as on raw claims', () => {
    expect(canSubmitDisputes(actorFromClaims(agent))).toBe(false);
    expect(canSubmitDisputes(actorFromClaims(agentWithClientActions))).toBe(true);
  });

  it('lets anyone accept authorizations when the permission-check flag is off', () => {
    expect(canAcceptAuthorizations(agent, false)).toBe(true);
  });

  it('records action, agent-message and investigation views only for non-agents', () => {
    expect(canRecordViews(customer)).toBe(true);
    expect(canRecordViews(agentWithClientActions)).toBe(false);
  });
});

describe('documents', () => {
  it('lets customers, agent admins, agent developers and agents with client actions modify', () => {
    expect(canModifyDocuments(customer)).toBe(true);
    expect(canModifyDocuments({ ...agent, agentIsAdmin: true })).toBe(true);
    expect(canModifyDocuments({ ...agent, agentIsDeveloper: true })).toBe(true);
    expect(canModifyDocuments(agentWithClientActions)).toBe(true);
    expect(canModifyDocuments(agent)).toBe(false);
  });

  it('does not let allowPortalDownload modify', () => {
    expect(canModifyDocuments({ ...agent, allowPortalDownload: true })).toBe(false);
  });

  it('lets the modify set download, plus agents with allowPortalDownload', () => {
    expect(canDownloadDocuments(customer)).toBe(true);
    expect(canDownloadDocuments({ ...agent, agentIsAdmin: true })).toBe(true);
    expect(canDownloadDocuments({ ...agent, allowPortalDownload: true })).toBe(true);
    expect(canDownloadDocuments(agent)).toBe(false);
  });
});

describe('bank widgets', () => {
  it('keeps connect-bank and the bank widgets from the free line only', () => {
    expect(canUseBankWidgets('Freemium')).toBe(false);
    expect(['Primary', 'Digital Experience (UQ)', 'VIP Package', null, undefined].map(canUseBankWidgets)).toEqual([true, true, true, true, true]);
  });
});

describe('maintenance bypass', () => {
  it('lets developers and agent-developers bypass maintenance', () => {
    expect(bypassesMaintenance({ role: 'admin', isDeveloper: true })).toBe(true);
    expect(bypassesMaintenance({ ...agent, agentIsDeveloper: true })).toBe(true);
  });

  it('does not let customers or agent admins bypass maintenance', () => {
    expect(bypassesMaintenance(customer)).toBe(false);
    expect(bypassesMaintenance({ ...agent, agentIsAdmin: true })).toBe(false);
  });
});

describe('areas', () => {
  it('gives a premium customer every area', () => {
    expect(permittedAreas(customer, 'Primary')).toEqual([...AREAS]);
  });

  it('hides money from the free line and keeps credit and identity, whose pages show the upgrade banner', () => {
    expect(permittedAreas(customer, 'Freemium')).toEqual([
      'dashboard',
      'credit',
      'documents',
      'identity',
      'learning-center',
      'support',
      'settings',
    ]);
  });

  it('keeps credit, identity and money for Digital Experience', () => {
    expect(permittedAreas(customer, 'Digital Experience (UQ)')).toContain('credit');
  });

  it('gives an agent and a CRM session the areas of the customer they work for, whatever the agent\'s own role', () => {
    expect(permittedAreas(agent, 'Primary')).toEqual([...AREAS]);
    expect(permittedAreas({ isAgent: true, isSalesforceSession: true, role: 'customer' }, 'Primary')).toEqual([...AREAS]);
    expect(permittedAreas(agent, 'Freemium')).not.toContain('money');
  });

  it('keeps a partner, sales, coach or admin signed in as themselves out of the customer-record areas', () => {
    for (const role of ['partner', 'sales', 'coach', 'admin'] as const) {
      expect(permittedAreas({ role }, 'Primary')).toEqual(['dashboard', 'learning-center', 'support', 'settings']);
      expect(canAccessPath('/credit/report', { role }, 'Primary')).toBe(false);
      expect(canAccessPath('/documents/all', { role }, null)).toBe(false);
      expect(canAccessPath('/money', { role }, 'Primary')).toBe(false);
      expect(canAccessPath('/identity', { role }, 'Primary')).toBe(false);
      expect(canAccessPath('/learning-center/budgeting', { role }, 'Primary')).toBe(true);
      expect(canAccessPath('/settings/security', { role }, 'Primary')).toBe(true);
    }
  });

  it('counts a session without a role as a customer (spec 000 §3.6)', () => {
    expect(worksOnCustomerAccount({})).toBe(true);
    expect(worksOnCustomerAccount(customer)).toBe(true);
    expect(worksOnCustomerAccount({ role: 'partner' })).toBe(false);
    expect(worksOnCustomerAccount({ role: 'partner', isAgent: true })).toBe(true);
  });

  it('does not take the agent\'s rights to act for an area: a read-only agent still sees documents and money', () => {
    const readOnly: Claims = { role: 'coach', isAgent: true, allowClientActions: false };
    expect(canDownloadDocuments(readOnly)).toBe(false);
    expect(permittedAreas(readOnly, 'Primary')).toEqual(expect.arrayContaining(['documents', 'money', 'credit', 'identity']));
  });

  it('maps paths to areas', () => {
    const areas = {
      '/': 'dashboard',
      '/credit/report?x=1': 'credit',
      '/money/debts/list#top': 'money',
      '/identity': 'identity',
      '/learning-center/budgeting/a1': 'learning-center',
      '/sign-up/contract': null,
    };
    expect(answersFor(areaForPath, areas)).toEqual(areas);
  });

  it('blocks the free line from money paths, and lets it reach identity, where the upgrade banner shows', () => {
    expect(canAccessPath('/money/debts', customer, 'Freemium')).toBe(false);
    expect(canAccessPath('/identity/alerts', customer, 'Freemium')).toBe(true);
  });

  it('lets the free line reach the credit paths, where the upgrade banner replaces every page', () => {
    expect(canAccessPath('/credit/report', customer, 'Freemium')).toBe(true);
    expect(canAccessPath('/credit/disputes/not-challenged', customer, 'Freemium')).toBe(true);
    expect(hasCreditAccess('Freemium')).toBe(false);
    expect(['Primary', 'Digital Experience (UQ)', 'VIP Package', null, undefined].map(hasCreditAccess)).toEqual([true, true, true, true, true]);
  });

  it('lets the free line reach the other areas and paths outside the areas', () => {
    expect(canAccessPath('/', customer, 'Freemium')).toBe(true);
    expect(canAccessPath('/documents/all', customer, 'Freemium')).toBe(true);
    expect(canAccessPath('/settings/billing', customer, 'Freemium')).toBe(true);
    expect(canAccessPath('/intake/1', customer, 'Freemium')).toBe(true);
  });

  it('does not mistake a path that only starts like an area', () => {
    expect(canAccessPath('/credit-tips', customer, 'Freemium')).toBe(true);
    expect(areaForPath('/credit-tips')).toBeNull();
  });

  it('lets a premium customer reach credit paths', () => {
    expect(canAccessPath('/credit/simulator', customer, 'VIP Package')).toBe(true);
  });
});

describe('the coach console flag (coachConsoleAllowClientActions)', () => {
  it('keeps an agent with allowClientActions acting for the client while the flag is on', () => {
    expect(canActForClient(withCoachConsoleFlag(agentWithClientActions, true))).toBe(true);
    expect(canModifyDocuments(withCoachConsoleFlag(agentWithClientActions, true))).toBe(true);
  });

  it('takes every client action from such an agent while the flag is off', () => {
    const gated = withCoachConsoleFlag(agentWithClientActions, false);
    expect(gated.allowClientActions).toBe(false);
    expect([canActForClient, canSubmitDisputes, canCompleteAction, canModifyDocuments].map((rule) => rule(gated))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('never limits the customer in person, nor an agent admin, whatever the flag', () => {
    expect(canActForClient(withCoachConsoleFlag(customer, false))).toBe(true);
    expect(canModifyDocuments(withCoachConsoleFlag({ ...agentWithClientActions, agentIsAdmin: true }, false))).toBe(true);
  });
});
