import clsx from 'clsx';
import { Mars, Venus } from 'lucide-react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_COUNTRY } from '#shared/data/countries';
import { parseDecimal } from '#shared/domain/decimal';
import { birthMonthRange, localMonthIndex, monthIndexOf } from '#shared/domain/dog-age';
import { LIMITS } from '#shared/limits';
import type { DogEnergy, DogGender, DogSize, PlayStyle } from '#shared/schemas/dogs';
import type { Photo } from '#shared/schemas/uploads';
import { dogAgeText } from '../../components/dogs/dog-age';
import type { Dog } from '../../components/dogs/types';
import { PhotosField } from '../../components/pickers/photos-field';
import { type BirthPick, BirthMonthPicker } from '../../components/pickers/birth-month-picker';
import { BreedPicker } from '../../components/pickers/breed-picker';
import { FieldError } from '../../components/pickers/field-parts';
import { PlaceFields } from '../../components/pickers/place-fields';
import { SelectField } from '../../components/pickers/select-field';
import { TraitsPicker } from '../../components/pickers/traits-picker';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { TextareaField } from '../../components/ui/textarea-field';
import { useErrorText } from '../../lib/errors';
import { placeIssue } from '../../lib/place-issue';
import { useSchemaForm } from '../../lib/use-schema-form';
import { toast } from '../../lib/toast';
import { useCreateDog, useUpdateDog } from './api';
import { loadDogSchema } from './schemas';
import { useT } from '../../lib/intl';

interface Values {
  name: string;
  breed: string;
  /** Nothing chosen for a new dog (issue 30): no default month, year or gender. */
  born: BirthPick;
  gender: DogGender | '';
  originCountry: string;
  location: string;
  description: string;
  traits: string[];
  photos: Photo[];
  size: DogSize | '';
  /** As typed ('' when not said). */
  weight: string;
  energy: DogEnergy | '';
  playStyle: PlayStyle | '';
  vaccinated: YesNo;
  neutered: YesNo;
  goodWithSmallDogs: YesNo;
}

/** The form's fields by the names the schema (and the focus) knows them by. */
type Field = Exclude<keyof Values, 'born'> | 'birthMonth';
type YesNo = 'yes' | 'no' | '';
type Flag = 'vaccinated' | 'neutered' | 'goodWithSmallDogs';

/** The schema module's DOG_GENDERS, not imported: that would pull zod into the page's first download. */
const GENDERS: readonly DogGender[] = ['male', 'female'];
const SIZES: readonly DogSize[] = ['small', 'medium', 'large', 'giant'];
const ENERGIES: readonly DogEnergy[] = ['low', 'medium', 'high'];
const PLAY_STYLES: readonly PlayStyle[] = ['gentle', 'chase', 'wrestle', 'fetch', 'independent'];
const FLAGS: readonly Flag[] = ['vaccinated', 'neutered', 'goodWithSmallDogs'];

const yesNo = (value: boolean | null): YesNo => (value === null ? '' : value ? 'yes' : 'no');
const flagOf = (value: YesNo) => (value === '' ? null : value === 'yes');

/** Fields in the order they appear, for moving the focus to the first invalid one. */
const ORDER: readonly Field[] = [
  'name',
  'breed',
  'birthMonth',
  'gender',
  'originCountry',
  'location',
  'description',
  'traits',
  'size',
  'weight',
  'energy',
  'playStyle',
  'vaccinated',
  'neutered',
  'goodWithSmallDogs',
  'photos',
];

/** The numbers the server's messages about each field need (its errors carry only locale keys). */
const BOUNDS: Partial<Record<Field, Record<string, number>>> = {
  name: { max: LIMITS.dogName.max },
  birthMonth: { max: LIMITS.dogAge.max },
  description: { max: LIMITS.dogDescription.max },
  photos: { max: LIMITS.dogPhotos.max },
  weight: LIMITS.dogWeightKg,
};

/** The 'YYYY-MM' the two selects make, once both are chosen. */
const birthMonthOf = ({ year, month }: BirthPick) => (year && month ? `${year}-${month}` : undefined);

/** A birth month out of range (on this device's calendar), once both selects are set. */
function birthIssue(born: BirthPick): string | undefined {
  const month = birthMonthOf(born);
  if (!month) return undefined;
  const { earliest, latest } = birthMonthRange(localMonthIndex());
  if (monthIndexOf(month) > latest) return 'validation.birthMonthFuture';
  if (monthIndexOf(month) < earliest) return 'validation.birthMonthTooOld';
  return undefined;
}

/** What the form says as soon as a field is typed or chosen (locale keys), before any submit. */
const typedIssues = (values: Values): Record<'weight' | 'birthMonth', string | undefined> => ({
  weight: Number.isNaN(parseDecimal(values.weight)) ? 'validation.weightNumber' : undefined,
  birthMonth: birthIssue(values.born),
});

function initialValues(dog: Dog | null, suggestedName: string, formatWeight: (kg: number) => string): Values {
  return dog
    ? {
        name: dog.name,
        breed: dog.breed,
        born: { year: dog.birthMonth.slice(0, 4), month: dog.birthMonth.slice(5, 7) },
        gender: dog.gender,
        originCountry: dog.originCountry ?? DEFAULT_COUNTRY,
        location: dog.location,
        description: dog.description ?? '',
        traits: dog.traits,
        photos: dog.photos,
        size: dog.size ?? '',
        weight: dog.weight === null ? '' : formatWeight(dog.weight),
        energy: dog.energy ?? '',
        playStyle: dog.playStyle ?? '',
        vaccinated: yesNo(dog.vaccinated),
        neutered: yesNo(dog.neutered),
        goodWithSmallDogs: yesNo(dog.goodWithSmallDogs),
      }
    : {
        name: suggestedName,
        breed: '',
        born: { year: '', month: '' },
        gender: '',
        originCountry: DEFAULT_COUNTRY,
        location: '',
        description: '',
        traits: [],
        photos: [],
        size: '',
        weight: '',
        energy: '',
        playStyle: '',
        vaccinated: '',
        neutered: '',
        goodWithSmallDogs: '',
      };
}

interface DogFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dog to edit; null adds a new one. */
  dog: Dog | null;
  /** A new dog's name to start with (the one given at sign-up). */
  suggestedName?: string;
}

/** Add or edit a dog: one form for both (SPEC Dog management). */
export function DogFormDialog({ open, onOpenChange, dog, suggestedName }: DogFormDialogProps) {
  const intl = useIntl();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-2xl!">
        <DialogTitle>
          {intl.formatMessage({ id: dog ? 'dogs.form.editTitle' : 'dogs.form.addTitle' })}
        </DialogTitle>
        <DialogDescription>
          {intl.formatMessage({ id: dog ? 'dogs.form.editText' : 'dogs.form.addText' }, { name: dog?.name })}
        </DialogDescription>
        {/* Mounted only while open, so every opening starts from the dog's saved values. */}
        <DogForm
          key={dog?.id ?? 'new'}
          dog={dog}
          suggestedName={suggestedName}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function DogForm({
  dog,
  suggestedName,
  onDone,
}: {
  dog: Dog | null;
  suggestedName: string | undefined;
  onDone: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useSchemaForm({
    loadSchema: loadDogSchema,
    initial: () =>
      initialValues(dog, suggestedName ?? '', (kg) => intl.formatNumber(kg, { useGrouping: false })),
    order: ORDER,
    bounds: BOUNDS,
    issueOf: (key): Field => (key === 'born' ? 'birthMonth' : key),
    toInput: ({ born, ...values }) => ({
      ...values,
      birthMonth: birthMonthOf(born),
      gender: values.gender || undefined,
      photos: values.photos.map((photo) => photo.key),
      size: values.size || null,
      // '12,5' and '12.5'; what is not a number (NaN) is refused by the schema.
      weight: parseDecimal(values.weight),
      energy: values.energy || null,
      playStyle: values.playStyle || null,
      vaccinated: flagOf(values.vaccinated),
      neutered: flagOf(values.neutered),
      goodWithSmallDogs: flagOf(values.goodWithSmallDogs),
    }),
    // The place is checked once the rest is valid: said now too.
    moreIssues: (values, found) => {
      found.location ??= placeIssue(values.originCountry, values.location, true);
      // Said in their own words rather than the schema's ("must be between 0.5 and 120 kg" for "abc").
      const typed = typedIssues(values);
      for (const field of ['weight', 'birthMonth'] as const) {
        const key = typed[field];
        if (key) found[field] = { key, values: BOUNDS[field] ?? {} };
      }
    },
  });
  const { formRef, values, set, message } = form;
  // Said as soon as typed (or chosen), before any submit.
  const typed = typedIssues(values);
  const typedMessage = (field: 'weight' | 'birthMonth') => {
    const key = typed[field];
    return key && t(key, BOUNDS[field]);
  };
  const birthMonth = birthMonthOf(values.born);
  const [uploading, setUploading] = useState(false);

  const refused = (error: unknown, title: string) => {
    form.refused(error);
    toast.error(t(title), { description: errorText(error) });
  };
  const create = useCreateDog({
    onSuccess: () => {
      toast.success(t('dogs.toast.created'), { description: t('dogs.toast.createdText') });
      onDone();
    },
    onError: (error) => refused(error, 'dogs.toast.createError'),
  });
  const update = useUpdateDog({
    onSuccess: (updated) => {
      toast.success(t('dogs.toast.updated'), {
        description: t('dogs.toast.updatedText', { name: updated.name }),
      });
      onDone();
    },
    onError: (error) => refused(error, 'dogs.toast.updateError'),
  });
  const saving = create.isPending || update.isPending;

  const submit = form.submitWith((input) => {
    if (dog) update.mutate({ ...input, id: dog.id });
    else create.mutate(input);
  }, saving || uploading);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="mt-5 flex flex-col gap-5">
      <TextField
        label={t('dogs.form.name')}
        name="name"
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={message('name')}
        maxLength={LIMITS.dogName.max}
        autoComplete="off"
      />
      <BreedPicker
        label={t('dogs.form.breed')}
        name="breed"
        value={values.breed}
        onChange={(breed) => set('breed', breed)}
        error={message('breed')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <BirthMonthPicker
          legend={t('dogs.form.born')}
          value={values.born}
          onChange={(born) => set('born', born)}
          error={message('birthMonth') ?? typedMessage('birthMonth')}
          hint={birthMonth && t('dogs.form.ageNow', { age: dogAgeText(intl, birthMonth) })}
        />
        <GenderField
          value={values.gender}
          onChange={(gender) => set('gender', gender)}
          error={message('gender')}
        />
      </div>
      <PlaceFields
        country={values.originCountry}
        location={values.location}
        onChange={({ country, location }) => {
          set('originCountry', country);
          set('location', location);
        }}
        countryName="originCountry"
        countryLabel={t('dogs.form.country')}
        locationLabel={t('dogs.form.location')}
        countryError={message('originCountry')}
        locationError={message('location')}
      />
      <TextareaField
        label={t('dogs.form.description')}
        name="description"
        rows={4}
        maxLength={LIMITS.dogDescription.max}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        placeholder={t('dogs.form.descriptionPlaceholder')}
        error={message('description')}
      />
      <TraitsPicker
        label={t('dogs.form.traits')}
        name="traits"
        value={values.traits}
        onChange={(traits) => set('traits', traits)}
        error={message('traits')}
      />
      <fieldset className="flex flex-col gap-4 rounded-card border border-border p-4">
        <legend className="px-1 text-body font-semibold text-foreground">{t('dogs.form.playdate')}</legend>
        <p className="-mt-2 text-caption text-muted-foreground">{t('dogs.form.playdateHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('dogs.form.size')}
            name="size"
            value={values.size}
            onChange={(size) => set('size', size)}
            options={SIZES.map((size) => ({ value: size, label: t(`dog.size.${size}`) }))}
            emptyLabel={t('dogs.form.notSaid')}
            error={message('size')}
          />
          <TextField
            label={t('dogs.form.weight')}
            name="weight"
            inputMode="decimal"
            autoComplete="off"
            value={values.weight}
            onChange={(event) => set('weight', event.target.value)}
            error={message('weight') ?? typedMessage('weight')}
          />
          <SelectField
            label={t('dogs.form.energy')}
            name="energy"
            value={values.energy}
            onChange={(energy) => set('energy', energy)}
            options={ENERGIES.map((energy) => ({ value: energy, label: t(`dog.energy.${energy}`) }))}
            emptyLabel={t('dogs.form.notSaid')}
            error={message('energy')}
          />
          <SelectField
            label={t('dogs.form.playStyle')}
            name="playStyle"
            value={values.playStyle}
            onChange={(style) => set('playStyle', style)}
            options={PLAY_STYLES.map((style) => ({ value: style, label: t(`dog.playStyle.${style}`) }))}
            emptyLabel={t('dogs.form.notSaid')}
            error={message('playStyle')}
          />
          {FLAGS.map((flag) => (
            <SelectField
              key={flag}
              label={t(`dogs.form.${flag}`)}
              name={flag}
              value={values[flag]}
              onChange={(value) => set(flag, value)}
              options={[
                { value: 'yes' as const, label: t('dogs.form.yes') },
                { value: 'no' as const, label: t('dogs.form.no') },
              ]}
              emptyLabel={t('dogs.form.notSaid')}
              error={message(flag)}
            />
          ))}
        </div>
      </fieldset>
      <PhotosField
        kind="dog"
        max={LIMITS.dogPhotos.max}
        value={values.photos}
        onChange={(update) => set('photos', update)}
        onBusyChange={setUploading}
        error={message('photos')}
        disabled={saving}
      />
      <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-3 border-t border-border bg-surface px-5 py-4 sm:flex-row sm:justify-end md:-bottom-8 md:-mx-8 md:-mb-8 md:px-8">
        <Button variant="outline" onClick={onDone}>
          {t('dogs.form.cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={uploading}>
          {t(dog ? 'dogs.form.save' : 'dogs.form.create')}
        </Button>
      </div>
    </form>
  );
}

/** Samec / Samica as two toggle buttons (native radios, so arrow keys move between them). */
function GenderField({
  value,
  onChange,
  error,
}: {
  /** '' until chosen: nothing is preselected (issue 30). */
  value: DogGender | '';
  onChange: (gender: DogGender) => void;
  error: string | undefined;
}) {
  const intl = useIntl();
  const errorId = useId();
  const icons = { male: Mars, female: Venus } as const;
  return (
    <fieldset
      role="radiogroup"
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className="flex flex-col gap-1.5"
    >
      <legend className="mb-1.5 text-body font-semibold text-foreground">
        {intl.formatMessage({ id: 'dogs.form.gender' })}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {GENDERS.map((gender) => {
          const Icon = icons[gender];
          return (
            <label
              key={gender}
              className={clsx(
                'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-control border px-4 font-semibold transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                value === gender
                  ? 'border-primary bg-primary text-primary-foreground'
                  : error
                    ? 'border-danger bg-danger-soft text-foreground'
                    : 'border-input bg-surface text-foreground hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={value === gender}
                onChange={() => onChange(gender)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5" />
              {intl.formatMessage({ id: `dog.gender.${gender}` })}
            </label>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
