import { Navigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { PublicPageFrame } from '@/components/public-page-frame';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/use-session';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';

/** /api/login and /login: the sign-in screen; once signed in, `/` takes over and resolves the role's dashboard. */
export function SignInRoute() {
  const { session } = useSession();
  if (session) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <PublicPageFrame width="max-w-md">
      <Card>
        <CardHeader>
          <h1 className="text-xl leading-none font-semibold tracking-tight">Sign in to ListingDesk</h1>
          <CardDescription>Use your work e-mail and password, or get a sign-in link by e-mail.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInPanel />
        </CardContent>
      </Card>
    </PublicPageFrame>
  );
}
