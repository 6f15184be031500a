import { CalendarDays, Dog, Heart, MessageCircle, PawPrint, ShoppingBag, Users } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

const HIGHLIGHTS = [
  { icon: Heart, title: 'home.highlight.match.title', text: 'home.highlight.match.text' },
  { icon: Users, title: 'home.highlight.community.title', text: 'home.highlight.community.text' },
  { icon: MessageCircle, title: 'home.highlight.chat.title', text: 'home.highlight.chat.text' },
] as const;

/** Small welcome page; a later issue adds the feature grid and the closing call to action. */
export default function HomePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="flex flex-col gap-8 md:gap-12">
      <section className="relative overflow-hidden rounded-card bg-linear-to-br from-primary-soft via-background to-accent-soft px-5 py-10 md:px-12 md:py-16">
        <div className="grid items-center gap-10 lg:grid-cols-[1.6fr_1fr]">
          <div className="flex flex-col items-start gap-5">
            <span className="rounded-pill bg-surface px-3 py-1 text-caption font-semibold text-accent-strong shadow-sm">
              {t('home.demoBadge')}
            </span>
            <h1 className="flex items-center gap-3 text-display font-extrabold tracking-tight md:text-[4rem]">
              {t('common.appName')}
              <PawPrint aria-hidden="true" className="size-10 text-primary md:size-14" />
            </h1>
            <p className="max-w-xl text-title font-semibold text-balance">{t('home.tagline')}</p>
            <p className="max-w-xl text-lead text-muted-foreground">{t('home.intro')}</p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap">
              <Link to="/ujemanja" className={buttonClasses({ size: 'lg' })}>
                <Heart aria-hidden="true" className="size-5" />
                {t('home.cta.match')}
              </Link>
              <Link to="/events" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
                <CalendarDays aria-hidden="true" className="size-5" />
                {t('home.cta.events')}
              </Link>
              <Link to="/trgovina" className={buttonClasses({ variant: 'ghost', size: 'lg' })}>
                <ShoppingBag aria-hidden="true" className="size-5" />
                {t('home.cta.shop')}
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section aria-labelledby="home-highlights" className="grid gap-4 md:grid-cols-3">
        <h2 id="home-highlights" className="sr-only">
          {t('home.highlights')}
        </h2>
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <div
            key={title}
            className="flex gap-4 rounded-card border border-border bg-surface p-5 shadow-card"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-control bg-primary-soft text-primary-strong">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <div>
              <h3 className="text-lead font-bold">{t(title)}</h3>
              <p className="text-muted-foreground">{t(text)}</p>
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}

/** A dog in a circle with paws and hearts around it; decoration only. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden size-72 lg:block xl:size-80">
      <div className="absolute inset-6 rounded-pill bg-primary shadow-card" />
      <Dog className="absolute inset-0 m-auto size-36 text-primary-foreground" strokeWidth={1.5} />
      <span className="absolute top-2 right-6 flex size-16 items-center justify-center rounded-pill bg-surface shadow-card">
        <Heart className="size-8 fill-primary text-primary" />
      </span>
      <span className="absolute bottom-4 left-0 flex size-14 items-center justify-center rounded-pill bg-accent shadow-card">
        <PawPrint className="size-7 text-accent-foreground" />
      </span>
      <span className="absolute right-0 bottom-14 flex size-11 items-center justify-center rounded-pill bg-surface shadow-card">
        <PawPrint className="size-5 text-accent" />
      </span>
    </div>
  );
}
