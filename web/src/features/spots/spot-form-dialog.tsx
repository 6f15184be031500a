import { useId, useState } from 'react';
import { type CityCountry, isCityCountry } from '#shared/data/city-countries';
import { LIMITS } from '#shared/limits';
import {
  LEASH_RULES,
  SPOT_AMENITIES,
  SPOT_KINDS,
  SUGGESTED_FIELDS,
  type SpotAmenity,
  type SpotKind,
} from '#shared/domain/spots';
import type { spotCreateInput, spotSuggestInput, SpotView } from '#shared/schemas/spots';
import type { z } from 'zod';
import type { Photo } from '#shared/schemas/uploads';
import { FieldError } from '../../components/pickers/field-parts';
import { LocationPicker, locationAfterCountryChange } from '../../components/pickers/location-picker';
import { PhotosField } from '../../components/pickers/photos-field';
import { SelectField } from '../../components/pickers/select-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Chip, ChipRow } from '../../components/ui/chips';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { TextareaField } from '../../components/ui/textarea-field';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { type Hours, SpotHoursField } from './spot-hours-field';
import { PointPicker } from '../../components/map/point-picker';
import { centreOf, type Point } from '../../components/map/town-centre';
import { ListCountrySelect } from './list-country-select';
import { useSpotChanged } from './spots-cache';

type LeashRule = (typeof LEASH_RULES)[number];

interface Values {
  kind: SpotKind | '';
  note: string;
  name: string;
  country: CityCountry;
  location: string;
  point: Point | null;
  description: string;
  amenities: SpotAmenity[];
  leashRule: LeashRule | '';
  hours: Hours | null;
  emergency: boolean;
  photos: Photo[];
}

/** The inputs in the order they appear: a place's own fields, then a suggestion's note or a new place's photos. */
const FIELDS = [...SUGGESTED_FIELDS, 'note', 'photos'] as const;

/** The form checks a new place, or a suggestion, by its schema: what it sends is one or the other. */
type Checked = z.ZodType<z.output<typeof spotCreateInput> | z.output<typeof spotSuggestInput>>;
const loadCreate = async (): Promise<Checked> => (await import('#shared/schemas/spots')).spotCreateInput;
const loadSuggest = async (): Promise<Checked> => (await import('#shared/schemas/spots')).spotSuggestInput;

/** A place's values as the form holds them. */
const valuesOf = (spot: SpotView): Values => ({
  kind: spot.kind,
  note: '',
  name: spot.name,
  country: isCityCountry(spot.country) ? spot.country : 'SI',
  location: spot.location,
  point: { lat: spot.lat, lon: spot.lon },
  description: spot.description ?? '',
  amenities: spot.amenities,
  leashRule: spot.leashRule ?? '',
  hours: spot.hours,
  emergency: spot.emergency,
  photos: [],
});

/**
 * Adding a dog place (issue 33): an owner's, published at once or (a new account's) after a moderator. With
 * `suggestFor`, suggesting a change to that place instead (§2): the same form filled with it (its photos stay
 * its author's), and why; a moderator applies it.
 */
export function SpotFormDialog({
  open,
  town,
  country,
  suggestFor,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The town the page looks near (and its country): where the new place starts. */
  town: string;
  country: CityCountry;
  suggestFor?: SpotView;
  onClose: () => void;
  /** The new place, to open it. */
  onCreated?: (id: string) => void;
}) {
  const t = useT();
  const copy = suggestFor ? 'spots.suggest' : 'spots.form';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="md:max-w-2xl!">
        <DialogTitle>{t(`${copy}.title`)}</DialogTitle>
        <DialogDescription>{t(`${copy}.text`)}</DialogDescription>
        {open && (
          <SpotForm
            town={town}
            country={country}
            suggestFor={suggestFor}
            onCancel={onClose}
            onDone={(view) => (view ? onCreated?.(view.id) : onClose())}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SpotForm({
  town,
  country,
  suggestFor,
  onCancel,
  onDone,
}: {
  town: string;
  country: CityCountry;
  suggestFor: SpotView | undefined;
  onCancel: () => void;
  /** The new place; nothing after a suggestion. */
  onDone: (created: SpotView | null) => void;
}) {
  const t = useT();
  const id = useId();
  const errorText = useErrorText();
  const changed = useSpotChanged();
  const [uploading, setUploading] = useState(false);
  // Where the map is: the place's own point when suggesting, else the town's; a town chosen moves it.
  const [mapCentre, setMapCentre] = useState(() =>
    suggestFor ? { lat: suggestFor.lat, lon: suggestFor.lon } : centreOf(town, country),
  );
  const { formRef, values, set, message, ...form } = useSchemaForm({
    loadSchema: suggestFor ? loadSuggest : loadCreate,
    initial: (): Values =>
      suggestFor
        ? valuesOf(suggestFor)
        : {
            kind: '',
            note: '',
            name: '',
            country,
            location: town,
            point: centreOf(town, country),
            description: '',
            amenities: [],
            leashRule: '',
            hours: null,
            emergency: false,
            photos: [],
          },
    order: FIELDS,
    bounds: {
      name: { min: LIMITS.spot.name.min, max: LIMITS.spot.name.max },
      description: { max: LIMITS.spot.descriptionMax },
      photos: { max: LIMITS.spot.photosMax },
    },
    issueOf: (key) => (key === 'point' ? 'lat' : (key as (typeof FIELDS)[number])),
    toInput: (current) => ({
      kind: current.kind || undefined,
      name: current.name,
      country: current.country,
      location: current.location,
      lat: current.point?.lat,
      lon: current.point?.lon,
      description: current.description,
      amenities: current.amenities,
      leashRule: current.leashRule || null,
      hours: current.hours,
      emergency: current.kind === 'vet' && current.emergency,
      ...(suggestFor
        ? { spotId: suggestFor.id, note: current.note }
        : { photos: current.photos.map((photo) => photo.key) }),
    }),
  });
  const create = trpc.spots.create.useMutation({
    onSuccess: (view) => {
      changed(view.id, view);
      toast.success(t(view.status === 'pending' ? 'spots.form.pending' : 'spots.form.added'));
      onDone(view);
    },
    onError: (error) => void form.refused(error),
  });
  const suggest = trpc.spots.suggest.useMutation({
    onSuccess: () => {
      toast.success(t('spots.suggest.done'));
      onDone(null);
    },
    onError: (error) => void form.refused(error),
  });
  const sending = create.isPending || suggest.isPending;
  const submit = form.submitWith(
    (input) => ('spotId' in input ? suggest.mutate(input) : create.mutate(input)),
    sending || uploading,
  );
  const failed = create.error ?? suggest.error;
  const pointError = message('lat') ?? message('lon');
  const toggled = (amenity: SpotAmenity) =>
    set('amenities', (current) =>
      current.includes(amenity) ? current.filter((a) => a !== amenity) : [...current, amenity],
    );

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('spots.form.kind')}
          name="kind"
          value={values.kind}
          placeholder={t('spots.form.kindPlaceholder')}
          onChange={(kind) => set('kind', kind)}
          options={SPOT_KINDS.map((kind) => ({ value: kind, label: t(`spots.kind.${kind}`) }))}
          error={message('kind')}
        />
        <TextField label={t('spots.form.name')} maxLength={LIMITS.spot.name.max} {...form.field('name')} />
      </div>
      {/* The countries whose towns the page looks near: a place elsewhere could never be found. */}
      <div className="grid gap-5 sm:grid-cols-2">
        <ListCountrySelect
          label={t('spots.country')}
          value={values.country}
          onChange={(code) => {
            const location = locationAfterCountryChange(code, values.location);
            set('country', code);
            set('location', location);
            const centre = centreOf(location, code);
            if (centre) setMapCentre(centre);
          }}
          error={message('country')}
        />
        <LocationPicker
          label={t('spots.form.town')}
          name="location"
          country={values.country}
          value={values.location}
          onChange={(location) => {
            set('location', location);
            // A listed town moves the pin there; typing leaves it.
            const centre = centreOf(location, values.country);
            if (centre) {
              set('point', centre);
              setMapCentre(centre);
            }
          }}
          error={message('location')}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <p id={`${id}-point`} className="text-body font-semibold">
          {t('spots.form.point')}
        </p>
        <p id={`${id}-point-hint`} className="text-caption text-muted-foreground">
          {t('spots.form.pointHint')}
        </p>
        <PointPicker
          town={mapCentre}
          value={values.point}
          onChange={(point) => set('point', point)}
          label={t('spots.form.pointMap')}
          describedBy={`${id}-point-hint`}
        />
        {pointError && <FieldError id={`${id}-point-error`}>{pointError}</FieldError>}
      </div>
      <TextareaField
        label={t('spots.form.description')}
        name="description"
        rows={3}
        maxLength={LIMITS.spot.descriptionMax}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={message('description')}
      />
      <div className="flex flex-col gap-1.5">
        <p aria-hidden="true" className="text-body font-semibold">
          {t('spots.amenities')}
        </p>
        <ChipRow label={t('spots.amenities')}>
          {SPOT_AMENITIES.map((amenity) => (
            <Chip
              key={amenity}
              tone="accent"
              pressed={values.amenities.includes(amenity)}
              onClick={() => toggled(amenity)}
            >
              {t(`spots.amenity.${amenity}`)}
            </Chip>
          ))}
        </ChipRow>
      </div>
      <SelectField
        label={t('spots.details.leash')}
        name="leashRule"
        value={values.leashRule}
        emptyLabel={t('spots.form.leashUnknown')}
        onChange={(rule) => set('leashRule', rule)}
        options={LEASH_RULES.map((rule) => ({ value: rule, label: t(`spots.leash.${rule}`) }))}
        error={message('leashRule')}
      />
      <SpotHoursField
        value={values.hours}
        onChange={(hours) => set('hours', hours)}
        error={message('hours')}
        errorId={`${id}-hours-error`}
      />
      {values.kind === 'vet' && (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            name="emergency"
            checked={values.emergency}
            onChange={(event) => set('emergency', event.target.checked)}
            className="size-5 shrink-0 accent-primary"
          />
          {t('spots.emergency')}
        </label>
      )}
      {suggestFor ? (
        <TextareaField
          label={t('spots.suggest.note')}
          name="note"
          rows={2}
          maxLength={LIMITS.spot.suggestionNoteMax}
          value={values.note}
          onChange={(event) => set('note', event.target.value)}
          error={message('note')}
        />
      ) : (
        <PhotosField
          kind="spot"
          max={LIMITS.spot.photosMax}
          value={values.photos}
          onChange={(update) => set('photos', update)}
          onBusyChange={setUploading}
          error={message('photos')}
          disabled={create.isPending}
        />
      )}
      {failed && !Object.keys(form.issues).length && <Alert>{errorText(failed)}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('spots.form.cancel')}
        </Button>
        <Button type="submit" loading={sending} disabled={uploading}>
          {t(suggestFor ? 'spots.suggest.submit' : 'spots.form.submit')}
        </Button>
      </div>
    </form>
  );
}
