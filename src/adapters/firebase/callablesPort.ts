import type { CallablesPort } from '../../../machines/ports';
import type { CallableName, CallableRequest, CallableResponse } from '../../contract/callables';
import type { Dated } from './callables';
import { toPortError } from './errors';

// machines/ports.ts CallablesPort. The contract's schemas and the Functions SDK load with the first call, so a
// page that has not called anything yet (the sign-in page before its form is sent) does not download them.

export async function lazyCall<N extends CallableName>(name: N, data: CallableRequest<N>): Promise<Dated<CallableResponse<N>>> {
  // A module that did not load (a dropped connection) fails like the call itself: with a PortError.
  const { call } = await import('./callables').catch((error: unknown): never => {
    throw toPortError(error);
  });
  return call(name, data);
}

/** lazyCall with the answer as the contract declares it (ISO timestamps): the `call` of src/app/callableActors.ts. */
export async function lazyCallAsSent<N extends CallableName>(name: N, data: CallableRequest<N>): Promise<CallableResponse<N>> {
  const { callAsSent } = await import('./callables').catch((error: unknown): never => {
    throw toPortError(error);
  });
  return callAsSent(name, data);
}

export function createCallablesPort(): CallablesPort {
  return {
    signUp: (request) => lazyCall('signUp', request),
    signUpWithProvider: (request) => lazyCall('signUpWithProvider', request),
    discardProviderIdentity: (request) => lazyCall('discardProviderIdentity', request),
    checkSignInFailureReason: (request) => lazyCall('checkSignInFailureReason', request),
    resetPasswordByEmail: (request) => lazyCall('resetPasswordByEmail', request),
    validateResetPassword: (request) => lazyCall('validateResetPassword', request),
    recoverEmail: (request) => lazyCall('recoverEmail', request),
    confirmEmailChange: (request) => lazyCall('confirmEmailChange', request),
    removeMigrationClaim: () => lazyCall('removeMigrationClaim', null),
    resyncCustomClaims: () => lazyCall('resyncCustomClaims', null),
    elevatePermissions: () => lazyCall('elevatePermissions', null),
    createSalesforceToken: (request) => lazyCall('createSalesforceToken', request),
    storeLastSignIn: () => lazyCall('storeLastSignIn', null),
    reportError: (reports) => lazyCall('reportError', reports),
    createContactRequest: (request) => lazyCall('createContactRequest', request),
  };
}
