import { getRouteApi, notFound } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useViewer } from '@/features/auth';
import { isRegistrationType, registrationType } from '../lookup-rules';
import { RegisterPage } from './RegisterPage';
import { SelectCompanyPage } from './SelectCompanyPage';
import { ConfirmPage } from './ConfirmPage';
import { useSectionTexts } from '@/lib/i18n/i18n';

const registerRoute = getRouteApi('/register/$type');
const selectCompanyRoute = getRouteApi('/selectcompany');
const confirmRoute = getRouteApi('/register/confirm');

/** The page's own title (the route definitions stay out of the first load's route tree). */
function useTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** /register/$type: an unknown type is not found; the page remounts when select company brings a new choice. */
export function RegisterRoute() {
  useSectionTexts('register', 'selectCompany');
  const { type } = registerRoute.useParams();
  const search = registerRoute.useSearch();
  const viewer = useViewer();
  useTitle('Register – Assessment Portal');
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's not-found signal
  if (!isRegistrationType(type)) throw notFound();
  return (
    <RegisterPage
      key={`${type} ${search.email ?? ''} ${String(search.companyId ?? '')}`}
      type={type}
      email={search.email?.trim()}
      companyId={search.companyId}
      captureRequestToken={search.CaptureRequestToken}
      isAdmin={viewer.user?.isAdmin === true}
    />
  );
}

/** /selectcompany?email=&type= */
export function SelectCompanyRoute() {
  useSectionTexts('register', 'selectCompany');
  const search = selectCompanyRoute.useSearch();
  useTitle('Select company – Assessment Portal');
  return <SelectCompanyPage email={(search.email ?? '').trim()} type={registrationType(search.type)} />;
}

/** /register/confirm?token=: the link of a confirmation mail (issue #32). */
export function ConfirmRoute() {
  useSectionTexts('register');
  const { token } = confirmRoute.useSearch();
  useTitle('Confirm your email address – Assessment Portal');
  return <ConfirmPage token={token} />;
}
