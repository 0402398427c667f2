// Every callable declares who may call it (src/contract/permissions.ts); defineCallable enforces the declaration
// with the client's own rules (src/domain/permissions.ts).
import { describe, expect, it } from 'vitest';
import { callables, callableNames } from '../../src/contract/callables';
import { CALLABLE_PERMISSIONS, permissionRule } from '../../src/contract/permissions';
import type { Claims } from '../../src/domain/claims';
import { canActForClient, canConnectBank, canDownloadDocuments, canModifyDocuments } from '../../src/domain/permissions';

const flagsOn = { acceptAuthorizationsPermissionCheck: true };
const customer: Claims = { role: 'customer', customerContactId: 'C-1' };
const viewOnlyAgent: Claims = { role: 'coach', isAgent: true, allowClientActions: false, customerContactId: 'C-1' };
const actingAgent: Claims = { ...viewOnlyAgent, allowClientActions: true };
const downloadingAgent: Claims = { ...viewOnlyAgent, allowPortalDownload: true };

describe('declared callable permissions', () => {
  it('names a known permission for every callable, and only the public ones run signed out', () => {
    for (const name of callableNames) {
      const { permission, access } = callables[name];
      expect(Object.keys(CALLABLE_PERMISSIONS), name).toContain(permission);
      expect(access, name).toBe(permission === 'public' ? 'public' : 'signedIn');
    }
  });

  it('declares a rule stricter than "signed in" for every callable that changes the customer\'s data', () => {
    const writers = ['updateCustomerContact', 'updateUserInfo', 'createGoal', 'completeIntake', 'getContractSigningUrl', 'updateAuthorizations', 'getWidgetUrl'] as const;
    for (const name of writers) {
      expect(permissionRule(callables[name].permission).allows(viewOnlyAgent, flagsOn), name).toBe(false);
      expect(permissionRule(callables[name].permission).allows(actingAgent, flagsOn), name).toBe(true);
      expect(permissionRule(callables[name].permission).allows(customer, flagsOn), name).toBe(true);
    }
  });

  it('uses the same rules as the client, with the refusal each one shows', () => {
    for (const claims of [customer, viewOnlyAgent, actingAgent, downloadingAgent]) {
      expect(permissionRule('clientAction').allows(claims, flagsOn)).toBe(canActForClient(claims));
      expect(permissionRule('CONNECT_MX').allows(claims, flagsOn)).toBe(canConnectBank(claims));
      expect(permissionRule('DOCUMENT_MODIFY').allows(claims, flagsOn)).toBe(canModifyDocuments(claims));
      expect(permissionRule('download').allows(claims, flagsOn)).toBe(canDownloadDocuments(claims));
    }
    expect(permissionRule('CONNECT_MX').refusalKey).toBe('money.coach-cant-connect');
    expect(permissionRule('clientAction').refusalKey).toBe('coach.toast.not-permitted');
    // spec 002 §6: with its flag off, anyone may accept the authorizations.
    expect(permissionRule('acceptAuthorizations').allows(viewOnlyAgent, { acceptAuthorizationsPermissionCheck: false })).toBe(true);
    expect(permissionRule('acceptAuthorizations').allows(viewOnlyAgent, flagsOn)).toBe(false);
    expect(permissionRule('customerOnly').allows(actingAgent, flagsOn)).toBe(false);
    expect(permissionRule('developerOnly').allows(customer, flagsOn)).toBe(false);
  });

  it("gates each of the spec's actions with the spec's permission (spec 000 §6, 001 §6, 002 §6)", () => {
    const expected = {
      challengeAllInvestigations: 'SUBMIT_DISPUTES',
      createDocumentUpload: 'DOCUMENT_MODIFY',
      cancelDocumentUpload: 'DOCUMENT_MODIFY',
      updateDocument: 'DOCUMENT_MODIFY',
      deleteDocument: 'DOCUMENT_MODIFY',
      updateAction: 'COMPLETE_ACTION',
      getWidgetUrl: 'CONNECT_MX',
      updateAuthorizations: 'acceptAuthorizations',
      getContractSigningUrl: 'signContract',
      markInvestigationsViewed: 'recordViews',
      getDocumentUrl: 'download',
      getDisputePdf: 'download',
    } as const;
    for (const [name, permission] of Object.entries(expected)) expect(callables[name as keyof typeof expected].permission, name).toBe(permission);
  });

  it('refuses a coach without allowClientActions every gated action, and lets a coach who may act through', () => {
    for (const permission of ['SUBMIT_DISPUTES', 'COMPLETE_ACTION', 'CONNECT_MX', 'acceptAuthorizations', 'signContract', 'clientAction'] as const) {
      expect(permissionRule(permission).allows(viewOnlyAgent, flagsOn), permission).toBe(false);
      expect(permissionRule(permission).allows(actingAgent, flagsOn), permission).toBe(true);
      expect(permissionRule(permission).allows(customer, flagsOn), permission).toBe(true);
    }
    // Views are the customer's to record, whatever the coach may do; downloads also with allowPortalDownload.
    expect(permissionRule('recordViews').allows(actingAgent, flagsOn)).toBe(false);
    expect(permissionRule('recordViews').allows(customer, flagsOn)).toBe(true);
    expect(permissionRule('download').allows(downloadingAgent, flagsOn)).toBe(true);
    expect(permissionRule('DOCUMENT_MODIFY').allows(downloadingAgent, flagsOn)).toBe(false);
  });
});
