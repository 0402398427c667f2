import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { sessionSelectors } from '../../../machines/shell/session.machine';
import { ROUTES } from '../../domain/routes';
import { ContactPage } from '../../views/contact/ContactPage';
import { useAppActors } from '../shell/appActors';

// /contact (spec 000 §2.2): for anyone, signed in or not (the guard chain lets it through); a signed-in user's email
// is prefilled. Close after sending goes home (the sign-in page for a visitor, through the guard chain).

export default function ContactRoute() {
  const { session } = useAppActors();
  const email = useSelector(session, sessionSelectors.email);
  const navigate = useNavigate();
  return <ContactPage email={email} onDone={() => navigate(ROUTES.home)} />;
}
