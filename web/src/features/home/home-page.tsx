import clsx from 'clsx';
import {
  ArrowRight,
  CalendarDays,
  Dog,
  Gift,
  Heart,
  Info,
  type LucideIcon,
  MessageCircle,
  PawPrint,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  UserPlus,
  Users,
  X,
  Zap,
} from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { DogSilhouette } from '../../components/dogs/dog-silhouette';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';

const TONES = {
  primary: 'bg-primary-soft text-primary-strong',
  accent: 'bg-accent-soft text-accent-strong',
} as const;

/** SPEC §1 Home: the six features, in the spec's order. */
const FEATURES: ReadonlyArray<{ key: string; icon: LucideIcon; tone: keyof typeof TONES }> = [
  { key: 'matching', icon: Sparkles, tone: 'primary' },
  { key: 'community', icon: Users, tone: 'accent' },
  { key: 'messaging', icon: MessageCircle, tone: 'primary' },
  { key: 'safety', icon: ShieldCheck, tone: 'accent' },
  { key: 'free', icon: Gift, tone: 'primary' },
  { key: 'instant', icon: Zap, tone: 'accent' },
];

const STEPS: ReadonlyArray<{ key: string; icon: LucideIcon }> = [
  { key: 'dog', icon: Dog },
  { key: 'like', icon: Heart },
  { key: 'meet', icon: PawPrint },
];

/** The outline button look, large, with less side padding on phones where two share a row. */
const SECONDARY =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-control border border-input bg-surface px-3 text-lead font-semibold text-foreground transition-colors hover:bg-muted sm:px-6';

/** The accent button look, large, with less side padding on phones so the label stays on one line. */
const ACCENT =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-control bg-accent px-3 text-lead font-semibold text-accent-foreground shadow-sm transition-colors hover:bg-accent-hover sm:px-6';

type T = (id: string, values?: Record<string, string>) => string;

/**
 * The landing page (SPEC §2 Home): a loading state while the session loads, then the hero with the way to
 * matching, to signing up (or the user's dogs), events and the shop, the feature cards, how it works, and a closing call to action that leads
 * to matching when signed in and to sign-in when not. No images: the art is CSS and inline SVG.
 */
export default function HomePage() {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  // The page paints at once (it is the first thing people see, prerendered at build time). Only the
  // greeting, the account action and the closing action read the session, so its arrival re-renders just
  // those.
  return (
    <div className="flex flex-col gap-14 md:gap-20">
      <Hero t={t} />
      <Features t={t} />
      <Steps t={t} />
      <Closing t={t} />
    </div>
  );
}

function Hero({ t }: { t: T }) {
  return (
    <section
      aria-labelledby="home-title"
      className="relative isolate overflow-hidden rounded-card bg-linear-to-br from-primary-soft via-background to-accent-soft px-5 py-6 sm:px-8 sm:py-8 md:px-12 md:py-14"
    >
      <PawTrail className="absolute -top-3 -right-4 -z-10 h-40 w-28 rotate-12 text-primary/10 md:right-auto md:left-[46%]" />
      <div className="grid items-center gap-10 md:grid-cols-[1.35fr_1fr] lg:grid-cols-[1.7fr_1fr] lg:gap-12">
        <div className="flex flex-col items-start gap-4 sm:gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-pill bg-surface px-3 py-1 text-caption font-semibold text-accent-strong shadow-sm">
              {t('home.demoBadge')}
            </span>
            <Greeting t={t} />
          </div>
          <h1
            id="home-title"
            className="flex items-center gap-3 text-display font-extrabold tracking-tight md:text-[4rem]"
          >
            {t('common.appName')}
            <PawPrint aria-hidden="true" className="size-10 text-primary md:size-14" />
          </h1>
          <p className="max-w-xl text-title font-semibold text-balance">{t('home.tagline')}</p>
          {/* The actions before the intro: on a 320×568 phone the sign-up is in the first view. */}
          <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap">
            <Link to="/ujemanja" className={buttonClasses({ size: 'lg' }, 'col-span-2')}>
              <Heart aria-hidden="true" className="size-5 shrink-0" />
              {t('home.cta.match')}
            </Link>
            <AccountAction t={t} />
            <Link to="/events" className={SECONDARY}>
              <CalendarDays aria-hidden="true" className="size-5 shrink-0" />
              {t('home.cta.events')}
            </Link>
            <Link to="/trgovina" className={SECONDARY}>
              <ShoppingBag aria-hidden="true" className="size-5 shrink-0" />
              {t('home.cta.shop')}
            </Link>
          </div>
          <p className="max-w-xl text-lead text-muted-foreground">{t('home.intro')}</p>
          {/* DECISIONS 12: visitors browse seeded demo dogs. */}
          <p className="flex max-w-xl items-start gap-2 text-label text-muted-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-strong" />
            {t('home.demoNote')}
          </p>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

/**
 * Signing up, for visitors (and in the prerendered page, before the session is known); a signed-in user
 * gets their dogs in its place, so the buttons around it do not move when the session arrives.
 */
function AccountAction({ t }: { t: T }) {
  const { user } = useSession();
  if (user)
    return (
      <Link to="/moji-psi" className={clsx(SECONDARY, 'col-span-2')}>
        <Dog aria-hidden="true" className="size-5 shrink-0" />
        {t('nav.myDogs')}
      </Link>
    );
  return (
    <Link to="/auth?tab=signUp" className={clsx(ACCENT, 'col-span-2')}>
      <UserPlus aria-hidden="true" className="size-5 shrink-0" />
      {t('home.cta.signUp')}
    </Link>
  );
}

function Features({ t }: { t: T }) {
  return (
    <section aria-labelledby="home-features" className="flex flex-col gap-6 md:gap-8">
      <div className="max-w-2xl">
        <h2 id="home-features" className="text-headline font-extrabold tracking-tight text-balance">
          {t('home.features.title')}
        </h2>
        <p className="mt-2 text-lead text-muted-foreground">{t('home.features.subtitle')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-5">
        {FEATURES.map(({ key, icon: Icon, tone }) => (
          <li
            key={key}
            className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-card md:p-6"
          >
            <span className={clsx('flex size-12 items-center justify-center rounded-control', TONES[tone])}>
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="text-lead font-bold">{t(`home.features.${key}.title`)}</h3>
            <p className="text-muted-foreground">{t(`home.features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Steps({ t }: { t: T }) {
  return (
    <section
      aria-labelledby="home-steps"
      className="rounded-card bg-muted px-5 py-8 sm:px-8 md:px-12 md:py-12"
    >
      <h2 id="home-steps" className="text-headline font-extrabold tracking-tight text-balance">
        {t('home.steps.title')}
      </h2>
      <ol className="mt-6 grid gap-6 md:mt-8 md:grid-cols-3 md:gap-10">
        {STEPS.map(({ key, icon: Icon }, index) => (
          <li key={key} className="flex items-start gap-4 md:flex-col">
            <span className="relative flex size-14 shrink-0 items-center justify-center rounded-pill bg-surface text-primary shadow-card">
              <Icon aria-hidden="true" className="size-6" />
              <span
                aria-hidden="true"
                className="absolute -top-1 -right-1 flex size-6 items-center justify-center rounded-pill bg-primary text-caption font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
            </span>
            <div>
              <h3 className="text-lead font-bold">{t(`home.steps.${key}.title`)}</h3>
              <p className="mt-1 text-muted-foreground">{t(`home.steps.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Greeting({ t }: { t: T }) {
  const firstName = useSession().user?.fullName.trim().split(/\s+/)[0];
  if (!firstName) return null;
  return (
    <span className="rounded-pill bg-surface px-3 py-1 text-caption font-semibold text-primary-strong shadow-sm">
      {t('home.greeting', { name: firstName })}
    </span>
  );
}

/** The closing call to action: matching when signed in, sign-in when signed out (SPEC §1 Home). */
function Closing({ t }: { t: T }) {
  const { user, isLoading: loading } = useSession();
  const signedIn = Boolean(user);
  const variant = signedIn ? 'signedIn' : 'signedOut';
  return (
    <section
      aria-labelledby="home-closing"
      className="relative isolate overflow-hidden rounded-card bg-linear-to-br from-primary to-primary-hover px-5 py-10 text-center text-primary-foreground sm:px-8 md:px-12 md:py-14"
    >
      <PawTrail className="absolute -bottom-6 -left-2 -z-10 h-44 w-32 -rotate-12 text-primary-foreground/6" />
      <PawTrail className="absolute -top-8 -right-2 -z-10 h-44 w-32 rotate-[160deg] text-primary-foreground/6" />
      <h2 id="home-closing" className="text-headline font-extrabold tracking-tight text-balance">
        {t(`home.closing.${variant}.title`)}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-lead text-balance">{t(`home.closing.${variant}.text`)}</p>
      {loading ? (
        <div role="status" className="mt-7 inline-flex min-h-12 items-center justify-center">
          <Spinner className="size-7" />
          <span className="sr-only">{t('common.loading')}</span>
        </div>
      ) : (
        <Link
          to={signedIn ? '/ujemanja' : '/auth'}
          className="mt-7 inline-flex min-h-12 items-center justify-center gap-2 rounded-control bg-surface px-6 text-lead font-bold text-primary-strong shadow-card transition-colors hover:bg-primary-soft focus-visible:outline-surface"
        >
          {t(`home.closing.${variant}.action`)}
          <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
        </Link>
      )}
    </section>
  );
}

/** A dog's card from the matching deck, with the pass and like buttons and a match heart; decoration only. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden h-80 w-60 md:block lg:h-96 lg:w-72">
      <div className="absolute inset-0 translate-x-7 translate-y-2 rotate-6 rounded-card bg-accent shadow-card" />
      <div className="absolute inset-0 -translate-x-3 -rotate-3 rounded-card border border-border bg-accent-soft shadow-card" />
      <div className="absolute inset-0 flex flex-col overflow-hidden rounded-card border border-border bg-surface shadow-card">
        <div className="relative flex flex-1 items-end justify-center overflow-hidden bg-linear-to-b from-primary-soft to-muted">
          <span className="absolute top-6 left-6 size-14 rounded-pill bg-surface/70" />
          <span className="absolute inset-x-0 bottom-0 h-8 bg-muted" />
          <DogSilhouette className="relative size-40 text-primary lg:size-48" />
        </div>
        <div className="flex flex-col gap-2 px-5 pt-4">
          <span className="h-3.5 w-24 rounded-pill bg-foreground/80" />
          <span className="h-2.5 w-32 rounded-pill bg-border" />
          <div className="mt-1 flex gap-1.5">
            <span className="h-5 w-12 rounded-pill bg-accent-soft" />
            <span className="h-5 w-14 rounded-pill bg-primary-soft" />
            <span className="h-5 w-9 rounded-pill bg-muted" />
          </div>
        </div>
        <div className="flex justify-center gap-6 px-5 py-4">
          <span className="flex size-12 items-center justify-center rounded-pill border border-border bg-surface text-muted-foreground shadow-sm">
            <X className="size-6" />
          </span>
          <span className="flex size-12 items-center justify-center rounded-pill bg-primary text-primary-foreground shadow-sm">
            <Heart className="size-6 fill-current" />
          </span>
        </div>
      </div>
      <span className="absolute -top-5 -right-5 flex size-16 rotate-12 items-center justify-center rounded-pill bg-surface shadow-card">
        <Heart className="size-8 fill-primary text-primary" />
      </span>
      <span className="absolute top-16 -left-12 flex items-center gap-2 rounded-pill rounded-bl-sm bg-surface px-3 py-2.5 shadow-card">
        <MessageCircle className="size-5 text-accent" />
        <span className="h-2 w-10 rounded-pill bg-accent-soft" />
      </span>
      <span className="absolute -right-7 bottom-10 flex size-12 items-center justify-center rounded-pill bg-accent shadow-card">
        <PawPrint className="size-6 text-accent-foreground" />
      </span>
    </div>
  );
}

/** Three paw prints in a diagonal, in `currentColor`; background decoration. */
function PawTrail({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 60 90" aria-hidden="true" focusable="false" fill="currentColor" className={className}>
      {[
        [0, 0],
        [26, 26],
        [6, 58],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`} transform={`translate(${x} ${y})`}>
          <ellipse cx="14" cy="20" rx="7" ry="6" />
          <ellipse cx="6" cy="10" rx="2.6" ry="3.4" />
          <ellipse cx="12" cy="5" rx="2.6" ry="3.4" />
          <ellipse cx="19" cy="5.5" rx="2.6" ry="3.4" />
          <ellipse cx="24" cy="11" rx="2.6" ry="3.4" />
        </g>
      ))}
    </svg>
  );
}
