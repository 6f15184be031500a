import {
  Bell,
  BellRing,
  Bone,
  CircleCheck,
  LogIn,
  type LucideIcon,
  ShoppingBag,
  Tag,
  Volleyball,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useT } from '../../lib/intl';

/** What the shop will sell (SPEC Shop: toys, food, accessories). */
const CATEGORIES: ReadonlyArray<{ key: string; icon: LucideIcon; tone: string }> = [
  { key: 'toys', icon: Volleyball, tone: 'bg-primary-soft text-primary-strong' },
  { key: 'food', icon: Bone, tone: 'bg-accent-soft text-accent-strong' },
  { key: 'accessories', icon: Tag, tone: 'bg-success-soft text-success-strong' },
];

/** /trgovina: the shop is not open yet; signed-in owners can ask to hear when it opens. */
export default function ShopPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <section className="flex flex-col items-center gap-4 rounded-card bg-linear-to-br from-primary-soft via-background to-accent-soft px-5 py-10 text-center md:px-12 md:py-14">
        <span className="flex size-16 items-center justify-center rounded-pill bg-surface text-primary shadow-card">
          <ShoppingBag aria-hidden="true" className="size-8" />
        </span>
        <span className="rounded-pill bg-surface px-3 py-1 text-caption font-semibold text-accent-strong shadow-sm">
          {t('shop.badge')}
        </span>
        <h1 className="text-headline font-extrabold text-balance md:text-display">{t('shop.title')}</h1>
        <p className="max-w-xl text-lead text-balance text-muted-foreground">{t('shop.subtitle')}</p>
      </section>

      <section aria-labelledby="shop-categories" className="flex flex-col gap-4">
        <h2 id="shop-categories" className="text-title font-bold">
          {t('shop.categories.title')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {CATEGORIES.map(({ key, icon: Icon, tone }) => (
            <li
              key={key}
              className="flex gap-4 rounded-card border border-border bg-surface p-5 shadow-card md:flex-col md:p-6"
            >
              <span className={`flex size-12 shrink-0 items-center justify-center rounded-control ${tone}`}>
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="text-lead font-bold">{t(`shop.category.${key}.title`)}</h3>
                <p className="text-muted-foreground">{t(`shop.category.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <NotifyCard />
    </div>
  );
}

/** Signed in: ask to be told when the shop opens. Signed out: the way to sign in first. */
function NotifyCard() {
  const t = useT();
  const errorText = useErrorText();
  const session = useSession();
  const signedIn = session.user !== null;
  const utils = trpc.useUtils();
  const status = trpc.shop.status.useQuery(undefined, { enabled: signedIn });
  const notify = trpc.shop.notify.useMutation({
    onSuccess: (data) => utils.shop.status.setData(undefined, data),
    onError: (error) => toast.error(t('shop.notify.error'), { description: errorText(error) }),
  });
  const notified = signedIn && status.data?.notified === true;
  const loading = session.isLoading || (signedIn && status.isPending);

  let action: ReactNode;
  if (loading) action = <Spinner className="size-6 text-muted-foreground" />;
  else if (!signedIn)
    action = (
      <Link to="/auth" className={buttonClasses({ size: 'lg' }, 'w-full md:w-auto')}>
        <LogIn aria-hidden="true" className="size-5" />
        {t('shop.signedOut.signIn')}
      </Link>
    );
  else if (notified)
    action = (
      <p className="flex items-center gap-2 rounded-control bg-success-soft px-4 py-3 font-semibold text-success-strong">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        {t('shop.notify.done')}
      </p>
    );
  else
    action = (
      <Button
        size="lg"
        className="w-full md:w-auto"
        loading={notify.isPending}
        onClick={() => notify.mutate()}
      >
        <Bell aria-hidden="true" className="size-5" />
        {t('shop.notify.button')}
      </Button>
    );

  return (
    <section
      aria-labelledby="shop-notify"
      aria-busy={loading || undefined}
      className="flex flex-col items-center gap-4 rounded-card border border-border bg-surface p-5 text-center shadow-card md:flex-row md:gap-6 md:p-8 md:text-left"
    >
      <span
        className={`flex size-14 shrink-0 items-center justify-center rounded-pill ${notified ? 'bg-success-soft text-success-strong' : 'bg-accent-soft text-accent-strong'}`}
      >
        {notified ? (
          <BellRing aria-hidden="true" className="size-7" />
        ) : (
          <Bell aria-hidden="true" className="size-7" />
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="shop-notify" className="text-title font-bold">
          {t('shop.notify.title')}
        </h2>
        <p className="text-muted-foreground">
          {t(
            signedIn || session.isLoading
              ? notified
                ? 'shop.notify.doneText'
                : 'shop.notify.text'
              : 'shop.signedOut.text',
          )}
        </p>
      </div>
      <div aria-live="polite" className="flex w-full shrink-0 justify-center md:w-auto">
        {action}
      </div>
    </section>
  );
}
