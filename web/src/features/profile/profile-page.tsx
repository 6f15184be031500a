import { CalendarHeart, LogIn, LogOut, Mail, UserRound } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { INTL_TAG } from '../../../../src/i18n';
import { MessagePanel } from '../../components/message-panel';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { useLocale } from '../../lib/intl';
import { type SessionUser, useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

/** Own profile, first part: who is signed in. A later issue adds editing, dogs, requests and settings. */
export default function ProfilePage() {
  const intl = useIntl();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    return (
      <MessagePanel
        icon={UserRound}
        title={intl.formatMessage({ id: 'profile.signedOut.title' })}
        actions={
          <Link to="/auth" className={buttonClasses()}>
            <LogIn aria-hidden="true" className="size-5" />
            {intl.formatMessage({ id: 'profile.signedOut.signIn' })}
          </Link>
        }
      >
        <p>{intl.formatMessage({ id: 'profile.signedOut.text' })}</p>
      </MessagePanel>
    );
  }
  return <ProfileCard user={user} />;
}

/** Initials of the first and last name, or the e-mail's first letter. */
function initialsOf(user: SessionUser): string {
  const words = user.fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  const initials = letters.map((word) => word?.[0] ?? '').join('');
  return (initials || user.email[0] || '?').toUpperCase();
}

function ProfileCard({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const [locale] = useLocale();
  const { signOut, isPending } = useSignOut();
  const memberSince = new Intl.DateTimeFormat(INTL_TAG[locale], { dateStyle: 'long' }).format(user.createdAt);
  return (
    <Card className="mx-auto flex w-full max-w-2xl flex-col items-center gap-6 text-center md:flex-row md:items-center md:text-left">
      <span
        aria-hidden="true"
        className="flex size-24 shrink-0 items-center justify-center rounded-pill bg-primary text-headline font-extrabold text-primary-foreground shadow-card"
      >
        {initialsOf(user)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="text-headline font-extrabold break-words">{user.fullName || user.email}</h1>
        <p className="flex items-center justify-center gap-2 text-muted-foreground md:justify-start">
          <Mail aria-hidden="true" className="size-5 shrink-0" />
          <span className="wrap-anywhere">{user.email}</span>
        </p>
        <p className="flex items-center justify-center gap-2 text-muted-foreground md:justify-start">
          <CalendarHeart aria-hidden="true" className="size-5 shrink-0" />
          {intl.formatMessage({ id: 'profile.memberSince' }, { date: memberSince })}
        </p>
      </div>
      {/* Phones have no sign-out text in the top bar, so the profile offers it (SPEC: quick actions). */}
      <Button variant="outline" className="w-full md:hidden" onClick={signOut} disabled={isPending}>
        <LogOut aria-hidden="true" className="size-5" />
        {intl.formatMessage({ id: 'profile.signOut' })}
      </Button>
    </Card>
  );
}
