// spec 000 §4.1 on the server: a user of another site's Auth tenant (a partner site's) is refused by this site's
// callables, as the session machine signs such a user out in the browser.
import { getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { tenantOfToken } from '../../functions/src/callable/defineCallable';
import { adminAuthClient, call, clientApp, createCustomer, failureOf, TEST_PASSWORD, withSeededBackend } from '../support/emulator';

describe('the site tenant on the server', () => {
  withSeededBackend();

  it("reads a token's tenant, the default pool standing for the customer site", () => {
    expect(tenantOfToken({})).toBe('customer');
    expect(tenantOfToken({ firebase: {} })).toBe('customer');
    expect(tenantOfToken({ firebase: { tenant: 'partner-acme-x1y2' } })).toBe('partner-acme-x1y2');
  });

  it("refuses a partner tenant's user the customer site's callables, whatever the claims say", async () => {
    const customer = await createCustomer();
    const tenant = await adminAuthClient().tenantManager().createTenant({ displayName: 'partner-site', emailSignInConfig: { enabled: true, passwordRequired: true } });
    const tenantAuth = adminAuthClient().tenantManager().authForTenant(tenant.tenantId);
    const email = `tenant.${customer.uid}@test.example`;
    const user = await tenantAuth.createUser({ email, password: TEST_PASSWORD, emailVerified: true });
    // Claims naming the customer's contact: without the tenant check they would open the customer's record.
    await tenantAuth.setCustomUserClaims(user.uid, { role: 'customer', customerContactId: customer.contactId });
    const app = clientApp();
    const auth = getAuth(app);
    auth.tenantId = tenant.tenantId;
    await signInWithEmailAndPassword(auth, email, TEST_PASSWORD);
    const failure = await failureOf(call(app, 'getCustomerContact'));
    expect(failure.code).toBe('functions/permission-denied');
    expect(failure.message).toMatch(/^tenant-mismatch/);
  });
});
