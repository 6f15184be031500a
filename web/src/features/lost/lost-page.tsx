import { Dog, HandHeart, MapPin, MessageCircle, Share2, Siren } from 'lucide-react';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { type LostAlertKind, LOST_PARAM, lostPublicPath } from '#shared/domain/lost';
import { spotMapLink } from '#shared/domain/spots';
import { LIMITS } from '#shared/limits';
import type { LostAlertView } from '#shared/schemas/lost';
import { Empty, LoadError, Loading } from '../../components/list-states';
import { SignInRequired } from '../../components/sign-in-required';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { LostSightings } from './lost-sightings';

/** The forms (with their map) load when one is first opened. */
const LostReportDialog = lazyDialog(
  () => import('./lost-report-dialog').then((module) => module.LostReportDialog),
  ({ kind }) => kind !== null,
);

/**
 * /pogresani: lost-dog alerts and found dogs (issue 33 §5, 8). Mine, with what I can do (found, wider, renew,
 * withdraw), and the open ones whose radius reaches one of my dogs; `?alarm=<id>` (a push's or an e-mail's
 * link) puts that one first. Anyone may post a dog they found, with or without dogs of their own.
 */
export default function LostPage() {
  const t = useT();
  const session = useSession();
  const signedIn = session.user !== null;
  const [params] = useSearchParams();
  const openId = params.get(LOST_PARAM);
  const [reporting, setReporting] = useState<LostAlertKind | null>(null);
  const utils = trpc.useUtils();
  const dogs = trpc.dogs.mine.useQuery(undefined, { enabled: signedIn });
  const list = trpc.lost.list.useQuery(undefined, { enabled: signedIn });
  const linked = trpc.lost.byId.useQuery(
    { id: openId ?? '' },
    {
      enabled:
        signedIn &&
        !!openId &&
        !!list.data &&
        ![...list.data.mine, ...list.data.near].some((a) => a.id === openId),
    },
  );

  if (session.isLoading) return <Loading />;
  if (!signedIn) return <SignInRequired icon={Siren} messages="lost.signIn" />;

  const own = (dogs.data ?? []).map((dog) => ({ id: dog.id, name: dog.name, location: dog.location }));
  const reported = (alert: LostAlertView) => {
    setReporting(null);
    toast.success(t(alert.kind === 'found' ? 'lost.foundReported' : 'lost.reported'));
    void utils.lost.list.invalidate();
    utils.lost.byId.setData({ id: alert.id }, alert);
  };
  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-headline font-extrabold">{t('lost.title')}</h1>
          <p className="mt-1 text-lead text-muted-foreground">{t('lost.subtitle')}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-auto">
          {own.length > 0 && (
            <Button onClick={() => setReporting('lost')}>
              <Siren aria-hidden="true" className="size-5" />
              {t('lost.report')}
            </Button>
          )}
          <Button variant="outline" onClick={() => setReporting('found')}>
            <HandHeart aria-hidden="true" className="size-5" />
            {t('lost.reportFound')}
          </Button>
        </div>
      </header>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError title={t('lost.loadError')} onRetry={() => void list.refetch()}>
          {t('common.networkError')}
        </LoadError>
      ) : (
        <>
          {linked.data && (
            <section aria-label={t('lost.linked')} className="flex flex-col gap-3">
              <AlertCard alert={linked.data} highlighted />
            </section>
          )}
          {list.data.mine.length > 0 && (
            <section aria-labelledby="lost-mine" className="flex flex-col gap-3">
              <h2 id="lost-mine" className="text-title font-bold">
                {t('lost.mine')}
              </h2>
              {list.data.mine.map((alert) => (
                <AlertCard key={alert.id} alert={alert} highlighted={alert.id === openId} />
              ))}
            </section>
          )}
          <section aria-labelledby="lost-near" className="flex flex-col gap-3">
            <h2 id="lost-near" className="text-title font-bold">
              {t('lost.near')}
            </h2>
            {list.data.near.length ? (
              list.data.near.map((alert) => (
                <AlertCard key={alert.id} alert={alert} highlighted={alert.id === openId} />
              ))
            ) : (
              <Empty icon={<Dog aria-hidden="true" className="size-6" />} title={t('lost.nearEmpty')}>
                {own.length ? t('lost.nearHint') : t('lost.noDogs')}
              </Empty>
            )}
          </section>
        </>
      )}

      <LostReportDialog
        kind={reporting}
        dogs={own}
        onClose={() => setReporting(null)}
        onReported={reported}
      />
    </div>
  );
}

/**
 * One alert: the dog (a found one by its looks), when and around where it was last seen or found, what to
 * know; the owner's actions on theirs; sightings of a lost dog, and the way to write to a found dog's finder.
 */
function AlertCard({ alert, highlighted = false }: { alert: LostAlertView; highlighted?: boolean }) {
  const t = useT();
  const intl = useIntl();
  const [locale] = useLocale();
  const [card, setCard] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (highlighted) card?.scrollIntoView({ block: 'center' });
  }, [highlighted, card]);
  const when = (at: Date) =>
    intl.formatDate(at, { day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' });
  const headingId = `lost-${alert.id}`;
  return (
    <article
      ref={setCard}
      aria-labelledby={headingId}
      className={clsx(
        'flex flex-col gap-4 rounded-card border bg-surface p-4 shadow-card sm:flex-row md:p-5',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      {alert.dog.photo ? (
        <img
          src={alert.dog.photo.medium}
          alt=""
          className="aspect-square w-full rounded-control object-cover sm:size-32"
        />
      ) : (
        <span className="flex aspect-square w-24 items-center justify-center rounded-control bg-muted text-muted-foreground sm:size-32">
          <Dog aria-hidden="true" className="size-10" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-title font-bold break-words">
            {alert.dog.name ?? t('lost.foundDog')}
          </h3>
          <span
            className={clsx(
              'rounded-pill px-2.5 py-0.5 text-caption font-semibold',
              alert.status === 'open'
                ? alert.kind === 'found'
                  ? 'bg-accent-soft text-accent-strong'
                  : 'bg-danger-soft text-danger-strong'
                : alert.status === 'found'
                  ? 'bg-success-soft text-success-strong'
                  : 'bg-muted text-muted-foreground',
            )}
          >
            {t(`${alert.kind}.status.${alert.status}`)}
          </span>
        </div>
        <p className="text-label break-words text-muted-foreground">
          {alert.kind === 'found' ? alert.looks : alert.dog.breed}
          {!alert.mine && alert.ownerName ? ` · ${alert.ownerName}` : ''}
        </p>
        <p>{t(alert.kind === 'found' ? 'lost.foundAt' : 'lost.seen', { when: when(alert.seenAt) })}</p>
        <p className="flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <a
            href={spotMapLink(alert)}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-primary-strong underline-offset-2 hover:underline"
          >
            {alert.town ? t('lost.area', { town: alert.town }) : t('lost.areaMap')}
          </a>
        </p>
        {alert.note && <p className="break-words whitespace-pre-line">{alert.note}</p>}
        {alert.status === 'open' && (
          // The public page: anyone may open it without an account, and print its poster.
          <p className="flex items-center gap-1.5">
            <Share2 aria-hidden="true" className="size-4 shrink-0" />
            <a
              href={lostPublicPath(alert.id, locale)}
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-primary-strong underline-offset-2 hover:underline"
            >
              {t('lost.publicPage')}
            </a>
          </p>
        )}
        {alert.mine && alert.status === 'open' && <OwnerActions alert={alert} />}
        {alert.kind === 'lost' ? (
          <LostSightings alert={alert} />
        ) : (
          !alert.mine && alert.status === 'open' && <WriteToFinder alertId={alert.id} />
        )}
      </div>
    </article>
  );
}

/** What the owner of an open alert can do: it is over, tell more owners, keep it up, take it back. */
function OwnerActions({ alert }: { alert: LostAlertView }) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const done = (view: LostAlertView) => {
    utils.lost.byId.setData({ id: view.id }, view);
    void utils.lost.list.invalidate();
  };
  const onError = (error: unknown) => toast.error(errorText(error));
  const found = trpc.lost.found.useMutation({
    onSuccess: (view) => {
      done(view);
      toast.success(
        view.kind === 'found' ? t('lost.backHomeDone') : t('lost.foundDone', { dog: view.dog.name ?? '' }),
      );
    },
    onError,
  });
  const widen = trpc.lost.widen.useMutation({ onSuccess: done, onError });
  const renew = trpc.lost.renew.useMutation({ onSuccess: done, onError });
  const withdraw = trpc.lost.withdraw.useMutation({ onSuccess: done, onError });
  const busy = found.isPending || widen.isPending || renew.isPending || withdraw.isPending;
  const wider = LIMITS.lostAlert.radiusKm.find((km) => km > alert.radiusKm);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-label text-muted-foreground">
        {t('lost.told', { count: alert.told ?? 0, km: alert.radiusKm })}
        {' · '}
        {t('lost.expires', { date: intl.formatDate(alert.expiresAt, { day: 'numeric', month: 'numeric' }) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => found.mutate({ id: alert.id })}>
          {t(alert.kind === 'found' ? 'lost.backHome' : 'lost.found')}
        </Button>
        {wider && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => widen.mutate({ id: alert.id, radiusKm: wider })}
          >
            {t('lost.widen', { km: wider })}
          </Button>
        )}
        <Button variant="outline" disabled={busy} onClick={() => renew.mutate({ id: alert.id })}>
          {t('lost.renew', { days: LIMITS.lostAlert.expiresDays })}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={() => withdraw.mutate({ id: alert.id })}>
          {t('lost.withdraw')}
        </Button>
      </div>
    </div>
  );
}

/** "Yours? Write to the finder": the conversation with whoever found the dog (made on the first tap). */
function WriteToFinder({ alertId }: { alertId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const contact = trpc.lost.contactFinder.useMutation({
    onSuccess: ({ chatId }) => void navigate(`/klepet?chat=${encodeURIComponent(chatId)}`),
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <Button
      variant="outline"
      className="self-start"
      loading={contact.isPending}
      onClick={() => contact.mutate({ id: alertId })}
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      {t('lost.writeFinder')}
    </Button>
  );
}
