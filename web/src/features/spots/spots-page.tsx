import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ChevronDown,
  Dog,
  List,
  type LucideIcon,
  Map as MapIcon,
  MapPin,
  Plus,
  Siren,
  SlidersHorizontal,
  Users,
} from 'lucide-react';
import clsx from 'clsx';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { LOST_PATH } from '#shared/domain/lost';
import { CAPITALS, type CityCountry, isCityCountry } from '#shared/data/city-countries';
import { SI_MUNICIPALITIES } from '#shared/data/municipalities';
import { namedOptions } from '#shared/data/named';
import { LIMITS } from '#shared/limits';
import {
  SPOT_AMENITIES,
  SPOT_KINDS,
  SPOT_PARAM,
  type SpotAmenity,
  type SpotKind,
} from '#shared/domain/spots';
import type { SpotSummary } from '#shared/schemas/spots';
import { CardOpenButton } from '../../components/ui/card';
import { cityName } from '../../components/dogs/names';
import { Empty, LoadError } from '../../components/list-states';
import { SelectField } from '../../components/pickers/select-field';
import { Button } from '../../components/ui/button';
import { Chip, ChipRow } from '../../components/ui/chips';
import { lazyDialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ListCountrySelect } from './list-country-select';
import { AmenityList, KIND_ICONS, KindTile, RatingText } from './spot-look';

/** A place's page over the list, its module loaded on the first opening (or a shared link's first render). */
const SpotDetailsDialog = lazyDialog(
  () => import('./spot-details-dialog').then((module) => module.SpotDetailsDialog),
  ({ spotId }) => spotId !== null,
);

/** The map (Leaflet, its tiles and clusters): its own chunk, loaded when the map is first shown. */
const importMap = () => import('./spots-map');
const loadMap = () => void importMap();
const SpotsMap = lazy(importMap);

/** Adding a place: its form (with a map to mark the point) loads on intent or on opening. */
const SpotFormDialog = lazyDialog(
  () => import('./spot-form-dialog').then((module) => module.SpotFormDialog),
  ({ open }) => open,
);

/** Where places are looked for: a town of a list country. */
interface Where {
  country: CityCountry;
  town: string;
}

/** Where a visitor (or an owner without a dog) starts: the capital. */
const START: Where = { country: 'SI', town: CAPITALS.SI };

/** The towns of the lists abroad, loaded when another country is first chosen (Slovenia's are at hand). */
const loadTownsAbroad = async () => (await import('#shared/data/cities')).CITIES;

/** A chosen filter value toggled on or off. */
const toggled = <T,>(values: T[], value: T) =>
  values.includes(value) ? values.filter((v) => v !== value) : [...values, value];

/**
 * /mesta: dog places near a town, at home or abroad (a dog's town first: "near my dog"), nearest first,
 * filtered by kind and amenity; as a list or on the map (issue 33).
 */
export default function SpotsPage() {
  const t = useT();
  const [locale] = useLocale();
  const session = useSession();
  const dogs = trpc.dogs.mine.useQuery(undefined, { enabled: session.user !== null });
  // My dogs' listed towns, each once: where "near my dog" looks.
  const dogTowns = (dogs.data ?? []).flatMap(
    ({ id, name, originCountry: country, location: town }, i, all) =>
      country &&
      isCityCountry(country) &&
      town &&
      all.findIndex((other) => other.location === town && other.originCountry === country) === i
        ? [{ id, name, where: { country, town } }]
        : [],
  );
  const [chosen, setWhere] = useState<Where | null>(null);
  const { country, town } = chosen ?? dogTowns[0]?.where ?? START;
  const abroad = useQuery({
    queryKey: ['towns-abroad'],
    queryFn: loadTownsAbroad,
    staleTime: Infinity,
    enabled: country !== 'SI',
  });
  const towns = country === 'SI' ? SI_MUNICIPALITIES : (abroad.data?.[country] ?? []);
  const [adding, setAdding] = useState(false);
  const [radiusKm, setRadius] = useState<number>(LIMITS.spot.defaultRadiusKm);
  const [kinds, setKinds] = useState<SpotKind[]>([]);
  const [amenities, setAmenities] = useState<SpotAmenity[]>([]);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  // Kinds and amenities chosen: said on the folded filters' button.
  const filtersOn = kinds.length + amenities.length;
  // A link may name one place to open (shared, or from the list).
  const [params, setParams] = useSearchParams();
  const openId = params.get(SPOT_PARAM);
  const setOpenId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(SPOT_PARAM, id);
        else next.delete(SPOT_PARAM);
        return next;
      },
      { replace: true },
    );
  const near = trpc.spots.near.useQuery(
    { country, location: town, radiusKm, kinds, amenities },
    // An owner's list starts at their dog's town: it waits for their dogs, not to look in the wrong town first.
    {
      placeholderData: keepPreviousData,
      enabled: !session.isLoading && (session.user === null || !dogs.isPending),
    },
  );

  return (
    <div className="flex flex-col gap-6 md:gap-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-headline font-extrabold">{t('spots.title')}</h1>
          <p className="mt-1 text-lead text-muted-foreground">{t('spots.subtitle')}</p>
          <Link
            to={LOST_PATH}
            className="mt-2 inline-flex min-h-10 items-center gap-1.5 font-semibold text-primary-strong underline-offset-4 hover:underline"
          >
            <Siren aria-hidden="true" className="size-5" />
            {t('lost.title')}
          </Link>
        </div>
        {session.user && (
          <Button className="shrink-0 self-start sm:self-auto" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-5" />
            {t('spots.form.open')}
          </Button>
        )}
      </header>

      <section
        aria-label={t('spots.filters')}
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card md:p-5"
      >
        {/* From 360 px the town and the distance (as wide as its longest label) share a row. */}
        <div className="grid gap-3 min-[360px]:grid-cols-[minmax(0,1fr)_auto] sm:grid-cols-[1fr_1fr_10rem] sm:gap-4">
          <div className="min-[360px]:col-span-2 sm:col-span-1">
            <ListCountrySelect
              label={t('spots.country')}
              value={country}
              onChange={(code) => setWhere({ country: code, town: CAPITALS[code] })}
            />
          </div>
          <SelectField
            label={t('spots.town')}
            name="town"
            value={town}
            onChange={(value) => value && setWhere({ country, town: value })}
            // The chosen town alone while the country's list loads.
            options={
              towns.length > 0
                ? namedOptions(towns, locale)
                : [{ value: town, label: cityName(town, country, locale) }]
            }
          />
          <SelectField
            label={t('spots.radius')}
            name="radius"
            value={String(radiusKm)}
            onChange={(value) => setRadius(Number(value) || LIMITS.spot.defaultRadiusKm)}
            options={LIMITS.spot.radiiKm.map((km) => ({
              value: String(km),
              label: t('spots.radiusKm', { km }),
            }))}
          />
        </div>
        {dogTowns.length > 0 && (
          <ChipRow label={t('spots.nearMyDog')}>
            {dogTowns.map((dog) => (
              <Chip
                key={dog.id}
                tone="accent"
                pressed={town === dog.where.town && country === dog.where.country}
                onClick={() => setWhere(dog.where)}
              >
                <Dog aria-hidden="true" className="size-4" />
                {t('spots.nearDog', { name: dog.name })}
              </Chip>
            ))}
          </ChipRow>
        )}
        <button
          type="button"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen(!moreOpen)}
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-control text-start font-semibold text-primary-strong sm:hidden"
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" />
          {t('spots.moreFilters')}
          {filtersOn > 0 && (
            <span className="shrink-0 whitespace-nowrap rounded-pill bg-primary px-2 text-caption text-primary-foreground">
              {t('spots.filtersOn', { count: filtersOn })}
            </span>
          )}
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-5 transition-transform', moreOpen && 'rotate-180')}
          />
        </button>
        {/* Kinds and amenities: folded on a phone, where they would push the first place off the screen. */}
        <div id={moreId} className={clsx('flex-col gap-4', moreOpen ? 'flex' : 'hidden sm:flex')}>
          <ChipRow label={t('spots.kinds')}>
            <Chip pressed={kinds.length === 0} onClick={() => setKinds([])}>
              {t('spots.kind.all')}
            </Chip>
            {SPOT_KINDS.map((kind) => {
              const Icon = KIND_ICONS[kind];
              return (
                <Chip
                  key={kind}
                  pressed={kinds.includes(kind)}
                  onClick={() => setKinds(toggled(kinds, kind))}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`spots.kind.${kind}`)}
                </Chip>
              );
            })}
          </ChipRow>
          <ChipRow label={t('spots.amenities')}>
            {SPOT_AMENITIES.map((amenity) => (
              <Chip
                key={amenity}
                tone="accent"
                pressed={amenities.includes(amenity)}
                onClick={() => setAmenities(toggled(amenities, amenity))}
              >
                {t(`spots.amenity.${amenity}`)}
              </Chip>
            ))}
          </ChipRow>
        </div>
      </section>

      <Results
        spots={near.data}
        fetching={near.isFetching}
        error={near.isError ? near.error : null}
        onRetry={() => void near.refetch()}
        radiusKm={radiusKm}
        town={town}
        country={country}
        townLabel={cityName(town, country, locale)}
        onOpen={setOpenId}
      />
      <SpotFormDialog
        open={adding}
        town={town}
        country={country}
        onClose={() => setAdding(false)}
        onCreated={(id) => {
          setAdding(false);
          setOpenId(id);
        }}
      />
      <SpotDetailsDialog
        spotId={openId}
        initial={near.data?.find((spot) => spot.id === openId)}
        onClose={() => setOpenId(null)}
      />
    </div>
  );
}

/** The places found (or why none), with their number said as it changes. */
function Results({
  spots,
  fetching,
  error,
  onRetry,
  radiusKm,
  town,
  country,
  townLabel,
  onOpen,
}: {
  spots: SpotSummary[] | undefined;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  radiusKm: number;
  /** The town searched near (its stored name and country), and as the language names it. */
  town: string;
  country: string;
  townLabel: string;
  onOpen: (id: string) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [view, setView] = useState<'list' | 'map'>('list');
  if (error && !spots)
    return (
      <LoadError title={t('spots.error')} onRetry={onRetry}>
        {errorText(error)}
      </LoadError>
    );
  const viewButton = (value: 'list' | 'map', Icon: LucideIcon, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      // The map's code loads on a sign of intent, before the tap.
      onPointerEnter={value === 'map' ? loadMap : undefined}
      onFocus={value === 'map' ? loadMap : undefined}
      className="inline-flex min-h-10 items-center gap-2 rounded-control px-3 font-semibold text-muted-foreground transition-colors hover:text-foreground aria-pressed:bg-surface aria-pressed:text-foreground aria-pressed:shadow-sm"
    >
      <Icon aria-hidden="true" className="size-4.5" />
      {label}
    </button>
  );
  return (
    <section aria-labelledby="spots-count" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          id="spots-count"
          aria-live="polite"
          className="flex min-h-6 items-center gap-2 text-label text-muted-foreground"
        >
          {spots
            ? t('spots.count', { count: spots.length, km: radiusKm, town: townLabel })
            : t('spots.loading')}
          {fetching && <Spinner className="size-4 text-primary" />}
        </p>
        <div
          role="group"
          aria-label={t('spots.view.label')}
          className="flex gap-1 rounded-control bg-muted p-1"
        >
          {viewButton('list', List, t('spots.view.list'))}
          {viewButton('map', MapIcon, t('spots.view.map'))}
        </div>
      </div>
      {view === 'map' && spots && (
        <Suspense fallback={<div className="h-[60dvh] min-h-72 animate-pulse rounded-card bg-muted" />}>
          <SpotsMap spots={spots} town={town} country={country} radiusKm={radiusKm} onOpen={onOpen} />
        </Suspense>
      )}
      {spots?.length === 0 && (
        <Empty icon={<MapPin aria-hidden="true" className="size-6" />} title={t('spots.empty')}>
          {t('spots.emptyHint')}
        </Empty>
      )}
      {view === 'list' && spots && spots.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2">
          {spots.map((spot) => (
            <li key={spot.id} className="grid">
              <SpotCard spot={spot} onOpen={() => onOpen(spot.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A place in the list: what it is, how far, how owners rate it, what it has; its name opens it. */
function SpotCard({ spot, onOpen }: { spot: SpotSummary; onOpen: () => void }) {
  const t = useT();
  const intl = useIntl();
  const [locale] = useLocale();
  const distance =
    spot.distanceM === null
      ? null
      : spot.distanceM < 1000
        ? intl.formatNumber(Math.round(spot.distanceM / 10) * 10, { style: 'unit', unit: 'meter' })
        : intl.formatNumber(spot.distanceM / 1000, {
            style: 'unit',
            unit: 'kilometer',
            maximumFractionDigits: 1,
          });
  return (
    <article className="relative flex min-w-0 gap-4 rounded-card border border-border bg-surface p-4 shadow-card transition-colors hover:border-primary/40">
      <KindTile kind={spot.kind} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h2 className="text-lead font-bold wrap-anywhere">
          <CardOpenButton onOpen={onOpen}>{spot.name}</CardOpenButton>
        </h2>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-label text-muted-foreground">
          <span>{t(`spots.kind.${spot.kind}`)}</span>
          <span>{cityName(spot.location, spot.country, locale)}</span>
          {distance && <span>{t('spots.away', { distance })}</span>}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-label">
          <RatingText spot={spot} />
          {spot.leashRule && <span>{t(`spots.leash.${spot.leashRule}`)}</span>}
          {spot.emergency && (
            <span className="inline-flex items-center gap-1 font-semibold text-danger">
              <Siren aria-hidden="true" className="size-4" />
              {t('spots.emergency')}
            </span>
          )}
          {spot.dogsHere > 0 && (
            <span className="inline-flex items-center gap-1 font-semibold text-primary-strong">
              <Users aria-hidden="true" className="size-4" />
              {t('spots.here.badge', { count: spot.dogsHere })}
            </span>
          )}
        </p>
        <AmenityList amenities={spot.amenities} />
        {(spot.demo || spot.status === 'pending') && (
          <p className="text-caption font-semibold text-accent-strong">
            {t(spot.demo ? 'spots.demo' : 'spots.pending')}
          </p>
        )}
      </div>
    </article>
  );
}
