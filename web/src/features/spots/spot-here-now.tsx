import clsx from 'clsx';
import { LogIn, PawPrint, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { CHECK_IN_AUDIENCES, type CheckInAudience } from '#shared/domain/spots';
import { LIMITS } from '#shared/limits';
import type { HereNow } from '#shared/schemas/spots';
import { CONTROL_CLASSES } from '../../components/pickers/field-parts';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Chip } from '../../components/ui/chips';
import { Label } from '../../components/ui/label';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { photoSources } from '../../lib/photo-sources';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { uuidV4 } from '../../lib/uuid';
import { useSpotChanged } from './spots-cache';

/** How often an open place's page asks again who is there (people come and go by the minute). */
const REFRESH_MS = 60_000;

type Dog = HereNow['shown'][number]['dogs'][number];

/**
 * "We're here now" on a place's page: how many dogs are there, those I may see by name, and my own check-in
 * (say we're here, with which dogs, for how long and to whom; or leave).
 */
export function SpotHereNow({ spotId }: { spotId: string }) {
  const t = useT();
  const intl = useIntl();
  const { user } = useSession();
  const here = trpc.spots.hereNow.useQuery({ id: spotId }, { refetchInterval: REFRESH_MS });
  const until = (at: Date) => intl.formatTime(at, { hour: '2-digit', minute: '2-digit' });
  const view = here.data;
  return (
    <section aria-labelledby="spot-here-now" className="flex flex-col gap-3">
      <h3 id="spot-here-now" className="flex items-center gap-2 text-lead font-bold">
        <Users aria-hidden="true" className="size-5 text-primary-strong" />
        {t('spots.here.title')}
      </h3>
      {view && (
        <>
          <p aria-live="polite">{t('spots.here.count', { count: view.dogs })}</p>
          {view.shown.length > 0 && (
            <ul className="flex flex-col gap-2">
              {view.shown.map((checkIn) => (
                <li key={checkIn.id} className="flex items-center gap-3 rounded-card bg-muted/60 p-3">
                  <DogFaces dogs={checkIn.dogs} />
                  <div className="min-w-0 text-label">
                    <p className="font-semibold wrap-anywhere">
                      {intl.formatList(checkIn.dogs.map((dog) => dog.name))}
                    </p>
                    <p className="text-muted-foreground">
                      <span className="wrap-anywhere">{checkIn.ownerName}</span>
                      {checkIn.match && (
                        <span className="ml-2 font-semibold text-accent-strong">{t('spots.here.match')}</span>
                      )}
                      {' · '}
                      {t('spots.here.until', { time: until(checkIn.until) })}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {!user ? (
            <Link to="/auth" className={buttonClasses({ variant: 'outline' }, 'self-start')}>
              <LogIn aria-hidden="true" className="size-5" />
              {t('spots.here.signIn')}
            </Link>
          ) : view.mine ? (
            <MyCheckIn spotId={spotId} mine={view.mine} until={until(view.mine.until)} />
          ) : (
            <CheckInForm spotId={spotId} elsewhere={view.elsewhere?.spotName ?? null} />
          )}
        </>
      )}
    </section>
  );
}

function DogFaces({ dogs }: { dogs: Dog[] }) {
  return (
    <span className="flex shrink-0 -space-x-3">
      {dogs.slice(0, 3).map((dog) =>
        dog.photo ? (
          <img
            key={dog.id}
            {...photoSources(dog.photo, '40px')}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 rounded-full border-2 border-background bg-muted object-cover"
          />
        ) : (
          <span
            key={dog.id}
            className="flex size-10 items-center justify-center rounded-full border-2 border-background bg-muted text-primary-strong"
          >
            <PawPrint aria-hidden="true" className="size-5" />
          </span>
        ),
      )}
    </span>
  );
}

/** After a check-in or out: this page and the lists' counts. */
function useHereChanged(spotId: string) {
  const utils = trpc.useUtils();
  const changed = useSpotChanged();
  return (view?: HereNow) => {
    if (view) utils.spots.hereNow.setData({ id: spotId }, view);
    else void utils.spots.hereNow.invalidate({ id: spotId });
    changed(spotId);
  };
}

function MyCheckIn({
  spotId,
  mine,
  until,
}: {
  spotId: string;
  mine: NonNullable<HereNow['mine']>;
  until: string;
}) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const changed = useHereChanged(spotId);
  const leave = trpc.spots.checkOut.useMutation({
    onSuccess: () => {
      changed();
      toast.success(t('spots.here.left'));
    },
  });
  return (
    <div className="flex flex-col gap-3 rounded-card border border-primary/40 bg-primary/5 p-3">
      <div className="flex items-center gap-3">
        <DogFaces dogs={mine.dogs} />
        <div className="min-w-0 text-label">
          <p className="font-semibold wrap-anywhere">
            {t('spots.here.mine', { dogs: intl.formatList(mine.dogs.map((dog) => dog.name)), time: until })}
          </p>
          <p className="text-muted-foreground">
            {t('spots.here.seenBy', { audience: t(`spots.here.audience.${mine.audience}`) })}
          </p>
        </div>
      </div>
      {leave.error && <Alert>{errorText(leave.error)}</Alert>}
      <Button
        variant="outline"
        className="self-start"
        loading={leave.isPending}
        onClick={() => leave.mutate()}
      >
        {t('spots.here.checkOut')}
      </Button>
    </div>
  );
}

function CheckInForm({ spotId, elsewhere }: { spotId: string; elsewhere: string | null }) {
  const t = useT();
  const intl = useIntl();
  const [locale] = useLocale();
  const id = useId();
  const errorText = useErrorText();
  const changed = useHereChanged(spotId);
  const dogs = trpc.dogs.mine.useQuery();
  const [picked, setPicked] = useState<string[] | null>(null);
  const [minutes, setMinutes] = useState<number>(LIMITS.checkIn.defaultMinutes);
  const [audience, setAudience] = useState<CheckInAudience>('matches');
  const [missing, setMissing] = useState(false);
  // One id per attempt: a retry of a lost answer is the same check-in.
  const [attempt, setAttempt] = useState(uuidV4);
  const checkIn = trpc.spots.checkIn.useMutation({
    onSuccess: (view) => {
      changed(view);
      setAttempt(uuidV4());
      if (view.mine)
        toast.success(
          t('spots.here.checkedIn', {
            time: intl.formatTime(view.mine.until, { hour: '2-digit', minute: '2-digit' }),
          }),
        );
    },
  });
  if (!dogs.data) return null;
  if (dogs.data.length === 0)
    return (
      <Link to="/moji-psi" className={buttonClasses({ variant: 'outline' }, 'self-start')}>
        {t('spots.here.noDogs')}
      </Link>
    );
  // Until I choose: my only dog, or none of several (I say which came along).
  const chosen = picked ?? (dogs.data.length === 1 ? [dogs.data[0]!.id] : []);
  const toggle = (dogId: string) => {
    setMissing(false);
    setPicked(chosen.includes(dogId) ? chosen.filter((d) => d !== dogId) : [...chosen, dogId]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setMissing(true);
    checkIn.mutate({ id: attempt, spotId, dogIds: chosen, minutes, audience });
  };
  const duration = (m: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: m < 60 ? 'minute' : 'hour',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(m < 60 ? m : m / 60);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset
        aria-describedby={missing ? `${id}-missing` : undefined}
        className="flex min-w-0 flex-col gap-2"
      >
        <legend className="mb-1 text-label font-semibold">{t('spots.here.dogs')}</legend>
        <div className="flex flex-wrap gap-2">
          {dogs.data.map((dog) => (
            <Chip key={dog.id} pressed={chosen.includes(dog.id)} onClick={() => toggle(dog.id)}>
              <span className="max-w-48 truncate">{dog.name}</span>
            </Chip>
          ))}
        </div>
        {missing && (
          <p id={`${id}-missing`} className="text-caption font-medium text-danger">
            {t('validation.checkInDogsRequired')}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-minutes`}>{t('spots.here.duration')}</Label>
        <select
          id={`${id}-minutes`}
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
          className={clsx(CONTROL_CLASSES, 'max-w-48')}
        >
          {LIMITS.checkIn.minutes.map((m) => (
            <option key={m} value={m}>
              {duration(m)}
            </option>
          ))}
        </select>
      </div>
      <fieldset aria-describedby={`${id}-audience-hint`} className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-label font-semibold">{t('spots.here.audienceLegend')}</legend>
        {CHECK_IN_AUDIENCES.map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={`${id}-audience`}
              value={value}
              checked={audience === value}
              onChange={() => setAudience(value)}
              className="size-5 shrink-0 accent-primary"
            />
            {t(`spots.here.audience.${value}`)}
          </label>
        ))}
        <p id={`${id}-audience-hint`} className="text-caption text-muted-foreground">
          {t('spots.here.audienceHint')}
        </p>
      </fieldset>
      {elsewhere && (
        <p className="text-caption wrap-anywhere">{t('spots.here.elsewhere', { place: elsewhere })}</p>
      )}
      {checkIn.error && <Alert>{errorText(checkIn.error)}</Alert>}
      <Button type="submit" className="self-start" loading={checkIn.isPending}>
        {t('spots.here.submit')}
      </Button>
    </form>
  );
}
