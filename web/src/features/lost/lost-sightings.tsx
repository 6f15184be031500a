import { Eye, MessageCircle } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { LostAlertView, LostSightingView } from '#shared/schemas/lost';
import { DogPhoto } from '../../components/dogs/dog-photo';
import { Button } from '../../components/ui/button';
import { lazyDialog } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/** Leaflet loads only when an alert has a sighting to show. */
const SightingsMap = lazy(() => import('./sightings-map'));

const SightingDialog = lazyDialog(
  () => import('./sighting-dialog').then((module) => module.SightingDialog),
  ({ alert }) => alert !== null,
);

/**
 * An alert's sightings (issue 33 §6): on a map and in a numbered list, in time order; "I saw this dog" for
 * everyone but the owner while it is open; and a conversation between the owner and whoever saw it, the only
 * way the two reach each other.
 */
export function LostSightings({ alert }: { alert: LostAlertView }) {
  const t = useT();
  const utils = trpc.useUtils();
  const sightings = trpc.lost.sightings.useQuery({ id: alert.id });
  const [sighting, setSighting] = useState(false);
  const list = useMemo(() => sightings.data ?? [], [sightings.data]);
  const origin = useMemo(() => ({ lat: alert.lat, lon: alert.lon }), [alert.lat, alert.lon]);
  const points = useMemo(() => list.map(({ lat, lon }) => ({ lat, lon })), [list]);
  const headingId = `sightings-${alert.id}`;
  const open = alert.status === 'open';
  if (!open && !list.length) return null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-border pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={headingId} className="text-body font-bold">
          {t('lost.sightings.title', { count: list.length })}
        </h4>
        {open && !alert.mine && (
          <Button variant="outline" onClick={() => setSighting(true)}>
            <Eye aria-hidden="true" className="size-5" />
            {t('lost.sightings.add')}
          </Button>
        )}
      </div>
      {list.length > 0 ? (
        <>
          <Suspense fallback={<div className="h-56 rounded-card bg-muted md:h-64" />}>
            <SightingsMap
              origin={origin}
              sightings={points}
              label={t('lost.sightings.map', { dog: alert.dog.name ?? '' })}
            />
          </Suspense>
          <ol className="flex flex-col gap-2">
            {list.map((item, index) => (
              <Sighting key={item.id} sighting={item} n={index + 1} alert={alert} />
            ))}
          </ol>
        </>
      ) : (
        <p className="text-label text-muted-foreground">
          {alert.mine ? t('lost.sightings.noneMine') : t('lost.sightings.none')}
        </p>
      )}
      <SightingDialog
        alert={sighting ? { id: alert.id, dog: alert.dog.name ?? '', lat: alert.lat, lon: alert.lon } : null}
        onClose={() => setSighting(false)}
        onSighted={(added) => {
          setSighting(false);
          toast.success(t('lost.sightings.added', { dog: alert.dog.name ?? '' }));
          utils.lost.sightings.setData({ id: alert.id }, (old) =>
            old?.some((s) => s.id === added.id)
              ? old
              : [...(old ?? []), added].sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime()),
          );
        }}
      />
      {sightings.isError && <p className="text-label text-danger-strong">{t('lost.sightings.loadError')}</p>}
    </section>
  );
}

/** One sighting: its number on the map, when and around where, what was seen, and the way to talk. */
function Sighting({ sighting, n, alert }: { sighting: LostSightingView; n: number; alert: LostAlertView }) {
  const t = useT();
  const intl = useIntl();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const contact = trpc.lost.contact.useMutation({
    onSuccess: ({ chatId }) => void navigate(`/klepet?chat=${encodeURIComponent(chatId)}`),
    onError: (error) => toast.error(errorText(error)),
  });
  const when = intl.formatDate(sighting.seenAt, {
    day: 'numeric',
    month: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  // The owner writes to whoever saw the dog; they write to the owner. Nobody else, and not to oneself.
  const talk = alert.mine
    ? !sighting.mine && sighting.by
      ? t('lost.sightings.writeTo', { name: sighting.by.name || t('chat.unknownUser') })
      : null
    : sighting.mine
      ? t('lost.sightings.writeOwner')
      : null;
  return (
    <li className="flex gap-3 rounded-control bg-muted/50 p-3">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-pill bg-primary text-caption font-bold text-primary-foreground"
      >
        {n}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">
          <span className="sr-only">{t('lost.sightings.number', { n })} </span>
          {sighting.town ? t('lost.sightings.whenWhere', { when, town: sighting.town }) : when}
        </p>
        {sighting.by && (
          <p className="text-label text-muted-foreground">
            {sighting.mine ? t('lost.sightings.byMe') : t('lost.sightings.by', { name: sighting.by.name })}
          </p>
        )}
        {sighting.note && <p className="text-label break-words whitespace-pre-line">{sighting.note}</p>}
        {talk && (
          <Button
            variant="outline"
            className="mt-1 self-start"
            loading={contact.isPending}
            onClick={() =>
              sighting.chatId
                ? void navigate(`/klepet?chat=${encodeURIComponent(sighting.chatId)}`)
                : contact.mutate({ id: sighting.id })
            }
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            {talk}
          </Button>
        )}
      </div>
      {sighting.photo && (
        <DogPhoto
          photo={sighting.photo}
          alt={t('lost.sightings.photo', { n })}
          sizes="80px"
          className="size-20 shrink-0 rounded-control"
        />
      )}
    </li>
  );
}
