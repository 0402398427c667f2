import { ROUTES } from '../../domain/routes';
import { V1SignInHeader } from '../../views/account/V1SignInHeader';
import SignInRoute from './SignInRoute';

// /v1-sign-in (spec 000 §2.2): the sign-in page, its flow and its form, under a header of its own. Its modal routes
// are below its own address (/v1-sign-in/reset-password, /v1-sign-in/welcome/{reason}), so the header stays while a
// dialog is open and Back closes it. A chunk of its own: the sign-in page's start-up code does not carry the header.

const V1_MOUNT = { path: ROUTES.v1SignIn, machinePath: ROUTES.signIn };

export default function V1SignInRoute() {
  return <SignInRoute header={<V1SignInHeader />} mount={V1_MOUNT} />;
}
