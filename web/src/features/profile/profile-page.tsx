import { lazyDialog } from '../../components/ui/dialog';
import {
  CalendarDays,
  CalendarHeart,
  ChevronRight,
  Dog as DogIcon,
  HandHeart,
  Heart,
  LogOut,
  type LucideIcon,
  Mail,
  MapPin,
  Pencil,
  Settings,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { lazy, type ReactNode, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useDogChanges } from '../../components/dogs/use-dog-changes';
import { SignInRequired } from '../../components/sign-in-required';
import { Avatar, profilePlace } from '../../components/profile/avatar';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingArea, PageSpinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { AfterHydration } from '../../lib/hydration';
import { useLocale, useT } from '../../lib/intl';
import { localLongDate } from '../../lib/long-date';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { trpc } from '../../lib/trpc';
import { ProfileDogs } from './profile-dogs';
import type { MyProfile } from './types';

const ProfileFormDialog = lazyDialog(
  () => import('./profile-form-dialog').then((module) => module.ProfileFormDialog),
  ({ open }) => open,
);

const SupportDialog = lazyDialog(
  () => import('./support-dialog').then((module) => module.SupportDialog),
  ({ open }) => open,
);

// The settings are below the first screen: their code is not in the page's first download but asked for as
// the page opens (ProfilePage), alongside its data.
const loadSettings = () => import('./account-settings');
const AccountSettings = lazy(() => loadSettings().then((module) => ({ default: module.AccountSettings })));

/** /profil: who I am, my dogs, my numbers and where to go next (SPEC Profile). */
/** /profil; `requests` is the notifications panel, composed in by the app (it spans two features). */
export function ProfilePage({ requests }: { requests: ReactNode }) {
  const { user, isLoading } = useSession();
  useEffect(() => void loadSettings(), []);
  if (isLoading) return <PageSpinner />;
  if (!user) return <SignInRequired icon={UserRound} messages="profile.signedOut" />;
  return <Profile requests={requests} />;
}

function Profile({ requests }: { requests: ReactNode }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const me = trpc.profiles.me.useQuery();
  const dogs = trpc.dogs.mine.useQuery();
  const stats = trpc.profiles.stats.useQuery();
  useDogChanges(true);

  if (me.isPending) return <PageSpinner />;
  if (me.isError) {
    return (
      <Alert title={intl.formatMessage({ id: 'profile.loadError' })}>
        <p>{errorText(me.error)}</p>
      </Alert>
    );
  }
  const dogCount = stats.data?.dogs ?? dogs.data?.length;
  const hasDogs = (dogs.data?.length ?? dogCount ?? 0) > 0;
  return (
    <div className="flex flex-col gap-6">
      <ProfileHeader profile={me.data} />
      {/* Phones: numbers, dogs, requests, actions, settings. Wide screens: dogs and requests on the left,
          numbers and actions beside; the settings below across the whole width, in two columns. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-2 lg:row-start-1">
          <Stats dogs={dogCount} matches={stats.data?.matches} />
        </div>
        <div className="flex flex-col gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ProfileDogs profile={me.data} dogs={dogs.data} loading={dogs.isPending} />
          <Requests>{requests}</Requests>
        </div>
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-2">
          <QuickActions hasDogs={hasDogs} dogsKnown={dogs.data !== undefined} />
        </div>
      </div>
      <SettingsSection />
    </div>
  );
}

/**
 * The settings' section. Until their code is here: its heading over a spinner; it is the page's last part and
 * below the first screen, so what arrives pushes down only the footer, out of sight.
 */
function SettingsSection() {
  const t = useT();
  return (
    <section
      aria-labelledby="profile-settings"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-card md:p-6"
    >
      <h2 id="profile-settings" className="flex items-center gap-2 text-lead font-bold">
        <Settings aria-hidden="true" className="size-5 text-muted-foreground" />
        {t('profile.settings.title')}
      </h2>
      <AfterHydration fallback={<LoadingArea className="min-h-96" iconClassName="size-8" />}>
        <AccountSettings />
      </AfterHydration>
    </section>
  );
}

function ProfileHeader({ profile }: { profile: MyProfile }) {
  const t = useT();
  const [locale] = useLocale();
  const [editing, setEditing] = useState(false);
  const memberSince = localLongDate(profile.createdAt, locale);
  const place = profilePlace(profile, locale);
  return (
    <Card className="flex flex-col items-center gap-5 text-center md:flex-row md:items-center md:text-left">
      <Avatar
        fullName={profile.fullName}
        email={profile.email}
        photo={profile.photo}
        size="lg"
        className="shadow-card"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="text-headline font-extrabold break-words">{profile.fullName || profile.email}</h1>
        <ul className="flex flex-col items-center gap-1.5 text-muted-foreground md:items-start">
          {profile.age !== null && (
            <Detail icon={UserRound}>{t('profile.ageYears', { age: profile.age })}</Detail>
          )}
          {place && <Detail icon={MapPin}>{place}</Detail>}
          <Detail icon={Mail}>
            <span className="wrap-anywhere">{profile.email}</span>
          </Detail>
          <Detail icon={CalendarHeart}>{t('profile.memberSince', { date: memberSince })}</Detail>
        </ul>
      </div>
      <Button variant="outline" className="w-full md:w-auto md:self-start" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" className="size-5" />
        {t('profile.edit.open')}
      </Button>
      <ProfileFormDialog profile={profile} open={editing} onOpenChange={setEditing} />
    </Card>
  );
}

function Detail({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {children}
    </li>
  );
}

function Stats({ dogs, matches }: { dogs: number | undefined; matches: number | undefined }) {
  const intl = useIntl();
  const tiles = [
    { icon: DogIcon, label: 'profile.stats.dogs', value: dogs, tone: 'bg-primary-soft text-primary-strong' },
    {
      icon: Heart,
      label: 'profile.stats.matches',
      value: matches,
      tone: 'bg-accent-soft text-accent-strong',
    },
  ];
  return (
    <section aria-labelledby="profile-stats">
      <h2 id="profile-stats" className="sr-only">
        {intl.formatMessage({ id: 'profile.stats.title' })}
      </h2>
      <dl className="grid grid-cols-2 gap-4">
        {tiles.map(({ icon: Icon, label, value, tone }) => (
          <div
            key={label}
            className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 shadow-card"
          >
            {/* The icon inside the dt: a dl's groups hold only dt and dd. */}
            <dt className="flex flex-col gap-2 text-label font-semibold text-muted-foreground">
              <span className={`flex size-10 items-center justify-center rounded-control ${tone}`}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {intl.formatMessage({ id: label })}
            </dt>
            <dd className="text-headline font-extrabold tabular-nums">
              {value === undefined ? '–' : intl.formatNumber(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Requests and announcements (SPEC Profile: a notifications/requests panel). */
function Requests({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <section
      aria-labelledby="profile-requests"
      className="rounded-card border border-border bg-surface p-5 shadow-card md:p-6"
    >
      <h2 id="profile-requests" className="text-title font-bold">
        {intl.formatMessage({ id: 'requests.title' })}
      </h2>
      <p className="mt-1 text-label text-muted-foreground">
        {intl.formatMessage({ id: 'requests.subtitle' })}
      </p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const ACTION =
  'flex min-h-12 w-full items-center gap-3 rounded-control px-3 text-left font-semibold transition-colors';

function QuickActions({ hasDogs, dogsKnown }: { hasDogs: boolean; dogsKnown: boolean }) {
  const t = useT();
  const hintId = useId();
  const { signOut, isPending } = useSignOut();
  const { user } = useSession();
  const [support, setSupport] = useState(false);
  const icon = (Icon: LucideIcon) => (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-control bg-muted text-primary-strong">
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
  const chevron = (
    <ChevronRight aria-hidden="true" className="ml-auto size-5 shrink-0 text-muted-foreground" />
  );
  return (
    <section className="rounded-card border border-border bg-surface p-3 shadow-card md:p-4">
      <h2 className="px-3 pt-2 pb-1 text-lead font-bold">{t('profile.actions.title')}</h2>
      <ul className="flex flex-col">
        {user?.role === 'admin' && (
          <li>
            <Link to="/admin" className={`${ACTION} hover:bg-muted`}>
              {icon(ShieldCheck)}
              {t('profile.actions.admin')}
              {chevron}
            </Link>
          </li>
        )}
        <li>
          {hasDogs || !dogsKnown ? (
            <Link to="/ujemanja" className={`${ACTION} hover:bg-muted`}>
              {icon(Heart)}
              {t('profile.actions.match')}
              {chevron}
            </Link>
          ) : (
            <>
              <button
                type="button"
                disabled
                aria-describedby={hintId}
                className={`${ACTION} cursor-not-allowed opacity-60`}
              >
                {icon(Heart)}
                {t('profile.actions.match')}
              </button>
              <p id={hintId} className="px-3 pb-2 pl-15 text-caption text-muted-foreground">
                {t('profile.actions.matchNeedsDog')}
              </p>
            </>
          )}
        </li>
        <li>
          <Link to="/moji-psi" className={`${ACTION} hover:bg-muted`}>
            {icon(DogIcon)}
            {t('profile.actions.dogs')}
            {chevron}
          </Link>
        </li>
        <li>
          <Link to="/events" className={`${ACTION} hover:bg-muted`}>
            {icon(CalendarDays)}
            {t('profile.actions.events')}
            {chevron}
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => setSupport(true)} className={`${ACTION} hover:bg-muted`}>
            {icon(HandHeart)}
            {t('profile.actions.support')}
            {chevron}
          </button>
        </li>
        {/* Phones have no sign-out in the top bar, so the profile offers it. */}
        <li className="md:hidden">
          <button
            type="button"
            onClick={signOut}
            disabled={isPending}
            className={`${ACTION} text-danger hover:bg-danger-soft disabled:opacity-60`}
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-control bg-danger-soft">
              <LogOut aria-hidden="true" className="size-5" />
            </span>
            {t('profile.signOut')}
          </button>
        </li>
      </ul>
      <SupportDialog open={support} onOpenChange={setSupport} />
    </section>
  );
}
