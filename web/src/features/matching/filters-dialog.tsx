import clsx from 'clsx';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { BREEDS } from '#shared/data/breeds';
import { displayName } from '#shared/data/named';
import { LIMITS } from '#shared/limits';
import { DEFAULT_DECK_FILTERS } from '#shared/domain/deck-filters';
import type { DeckFilters } from '#shared/schemas/deck';
import type { DogEnergy, DogGender, DogSize, PlayStyle } from '#shared/schemas/dogs';
import { AgePicker } from '../../components/pickers/age-picker';
import { BreedPicker } from '../../components/pickers/breed-picker';
import { SelectField } from '../../components/pickers/select-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { useSaveFilters } from './api';
import { radiusText } from './distance';

// The shared tuples, not imported: that would pull zod into the page's first download.
const SIZES: readonly DogSize[] = ['small', 'medium', 'large', 'giant'];
const ENERGIES: readonly DogEnergy[] = ['low', 'medium', 'high'];
const PLAY_STYLES: readonly PlayStyle[] = ['gentle', 'chase', 'wrestle', 'fetch', 'independent'];
const GENDERS: readonly DogGender[] = ['male', 'female'];
const FLAGS = ['vaccinated', 'neutered', 'goodWithSmallDogs'] as const;

interface FiltersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: DeckFilters;
  /** After the filters are stored (the deck is read again). */
  onSaved: () => void;
}

/** The deck's filters (issue 20): distance, size, age, gender, breed and what owners ask before a playdate. */
export function FiltersDialog({ open, onOpenChange, filters, onSaved }: FiltersDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-2xl!">
        <DialogTitle>{t('matching.filters.title')}</DialogTitle>
        <DialogDescription>{t('matching.filters.text')}</DialogDescription>
        {/* Mounted while open: every opening starts from the saved filters. */}
        {open && (
          <FiltersForm
            initial={filters}
            onDone={() => {
              onSaved();
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function FiltersForm({ initial, onDone }: { initial: DeckFilters; onDone: () => void }) {
  const t = useT();
  const intl = useIntl();
  const [locale] = useLocale();
  const errorText = useErrorText();
  const [filters, setFilters] = useState(initial);
  const [breedText, setBreedText] = useState('');
  const set = <K extends keyof DeckFilters>(key: K, value: DeckFilters[K]) =>
    setFilters((previous) => ({ ...previous, [key]: value }));
  const save = useSaveFilters({
    onSaved: () => {
      toast.success(t('matching.filters.saved'));
      onDone();
    },
    onError: (error) => toast.error(t('matching.filters.saveError'), { description: errorText(error) }),
  });

  const radiusOptions = LIMITS.deck.radiusStepsKm.map((km) => ({
    value: String(km),
    label: radiusText(intl, km),
  }));
  return (
    <form
      noValidate
      className="mt-5 flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate(filters);
      }}
    >
      <SelectField
        label={t('matching.filters.radius')}
        name="radiusKm"
        value={filters.radiusKm === null ? '' : String(filters.radiusKm)}
        onChange={(value) => set('radiusKm', value === '' ? null : Number(value))}
        options={radiusOptions}
        emptyLabel={radiusText(intl, null)}
      />
      <Chips
        legend={t('matching.filters.size')}
        name="sizes"
        options={SIZES.map((size) => ({ value: size, label: t(`dog.size.${size}`) }))}
        value={filters.sizes}
        onChange={(sizes) => set('sizes', sizes)}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <AgePicker
          label={t('matching.filters.ageFrom')}
          name="ageMin"
          value={filters.ageMin}
          max={filters.ageMax}
          onChange={(age) => set('ageMin', age)}
        />
        <AgePicker
          label={t('matching.filters.ageTo')}
          name="ageMax"
          value={filters.ageMax}
          min={filters.ageMin}
          onChange={(age) => set('ageMax', age)}
        />
        <SelectField
          label={t('matching.filters.gender')}
          name="gender"
          value={filters.gender ?? ''}
          onChange={(gender) => set('gender', gender || null)}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`dog.gender.${gender}`) }))}
          emptyLabel={t('matching.filters.anyGender')}
        />
      </div>
      <div className="flex flex-col gap-2">
        <BreedPicker
          label={t('matching.filters.breed', { max: LIMITS.deck.breedsMax })}
          name="breed"
          value={breedText}
          disabled={filters.breeds.length >= LIMITS.deck.breedsMax}
          onChange={(text) => {
            const breed = BREEDS.find((item) => item.name === text);
            if (breed && !filters.breeds.includes(breed.name)) {
              set('breeds', [...filters.breeds, breed.name]);
              setBreedText('');
            } else setBreedText(breed ? '' : text);
          }}
        />
        {filters.breeds.length > 0 && (
          <ul className="flex flex-wrap gap-2">
            {filters.breeds.map((name) => {
              const breed = BREEDS.find((item) => item.name === name);
              const label = breed ? displayName(breed, locale) : name;
              return (
                <li key={name}>
                  <button
                    type="button"
                    onClick={() =>
                      set(
                        'breeds',
                        filters.breeds.filter((other) => other !== name),
                      )
                    }
                    aria-label={t('matching.filters.removeBreed', { breed: label })}
                    className="inline-flex min-h-9 items-center gap-1.5 rounded-pill bg-primary-soft px-3 font-semibold text-primary-strong hover:bg-muted"
                  >
                    {label}
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <Chips
        legend={t('matching.filters.energy')}
        name="energies"
        options={ENERGIES.map((energy) => ({ value: energy, label: t(`dog.energy.${energy}`) }))}
        value={filters.energies}
        onChange={(energies) => set('energies', energies)}
      />
      <Chips
        legend={t('matching.filters.playStyle')}
        name="playStyles"
        options={PLAY_STYLES.map((style) => ({ value: style, label: t(`dog.playStyle.${style}`) }))}
        value={filters.playStyles}
        onChange={(styles) => set('playStyles', styles)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-body font-semibold text-foreground">
          {t('matching.filters.only')}
        </legend>
        {FLAGS.map((flag) => (
          <label key={flag} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              name={flag}
              checked={filters[flag]}
              onChange={(event) => set(flag, event.target.checked)}
              className="size-5 accent-primary"
            />
            {t(`matching.filters.${flag}`)}
          </label>
        ))}
      </fieldset>
      <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-3 border-t border-border bg-surface px-5 py-4 sm:flex-row sm:justify-end md:-bottom-8 md:-mx-8 md:-mb-8 md:px-8">
        <Button variant="ghost" onClick={() => setFilters(DEFAULT_DECK_FILTERS)}>
          {t('matching.filters.reset')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('matching.filters.apply')}
        </Button>
      </div>
    </form>
  );
}

/** Several choices of a short list as toggle chips (checkboxes underneath, so they are a form's own). */
function Chips<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: readonly V[];
  onChange: (value: V[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-body font-semibold text-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = value.includes(option.value);
          return (
            <label
              key={option.value}
              className={clsx(
                'flex min-h-11 cursor-pointer items-center rounded-pill border px-4 font-semibold transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                on
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-surface hover:bg-muted',
              )}
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={on}
                onChange={() =>
                  onChange(
                    options.map((o) => o.value).filter((v) => (v === option.value ? !on : value.includes(v))),
                  )
                }
                className="sr-only"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
