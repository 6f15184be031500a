import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useNextPath } from '../../lib/next-path';
import { useSession } from '../../lib/session';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

const TABS = ['signIn', 'signUp', 'reset'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: unknown): value is Tab => TABS.includes(value as Tab);

/**
 * /auth and /login: sign in, sign up and password reset; `?tab=reset` opens a tab directly; `?next=` is the
 * page to go back to once signed in.
 */
export default function AuthPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => {
    const requested = params.get('tab');
    return isTab(requested) ? requested : 'signIn';
  });
  // After sign-up the sign-in tab opens with the new address filled in.
  const [email, setEmail] = useState('');
  // The forms show while the session is asked for (and prerendered): a signed-in user moves on after it.
  const { user } = useSession();
  const next = useNextPath();
  if (user) return <Navigate to={next} replace />;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6">
      <div className="text-center">
        <h1 className="text-headline font-extrabold">{intl.formatMessage({ id: 'auth.title' })}</h1>
        <p className="mt-2 text-lead text-muted-foreground">{intl.formatMessage({ id: 'auth.subtitle' })}</p>
      </div>
      <Card>
        <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
          <TabsList aria-label={intl.formatMessage({ id: 'auth.tabs.label' })}>
            {TABS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {intl.formatMessage({ id: `auth.tab.${value}` })}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="signIn">
            <SignInForm defaultEmail={email} onForgotPassword={() => setTab('reset')} />
          </TabsContent>
          <TabsContent value="signUp">
            <SignUpForm
              onSignedUp={(address) => {
                setEmail(address);
                setTab('signIn');
              }}
            />
          </TabsContent>
          <TabsContent value="reset">
            <ResetRequestForm />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
