import { useState } from 'react';
import { useIntl } from 'react-intl';
import { BREEDS, isBreedLike, resolveBreed } from '#shared/data/breeds';
import { displayName, searchNamed } from '#shared/data/named';
import { useLocale } from '../../lib/intl';
import { Combobox, MAX_SUGGESTIONS } from './combobox';

interface BreedPickerProps {
  /** The stored breed name, or the text being typed. */
  value: string;
  onChange: (text: string) => void;
  label: string;
  /** A form's message (e.g. required); shown instead of the picker's own. */
  error?: string | undefined;
  id?: string | undefined;
  name?: string | undefined;
  disabled?: boolean | undefined;
}

/**
 * A breed from the list, named in the UI language. Valid on a full or partial match (SPEC §4 Forms), so
 * the red border appears as soon as the text matches no breed at all.
 */
export function BreedPicker({ value, onChange, error, ...field }: BreedPickerProps) {
  const intl = useIntl();
  const [locale] = useLocale();
  /** The text while the user types; null shows the value. */
  const [typed, setTyped] = useState<string | null>(null);
  const items = searchNamed(BREEDS, typed ?? '', locale, MAX_SUGGESTIONS + 1);
  const current = BREEDS.find((breed) => breed.name === value);
  const invalid = value.trim() !== '' && !isBreedLike(value);

  return (
    <Combobox
      {...field}
      error={error ?? (invalid ? intl.formatMessage({ id: 'pickers.breedInvalid' }) : undefined)}
      text={typed ?? (current ? displayName(current, locale) : value)}
      items={items}
      itemToString={(breed) => displayName(breed, locale)}
      itemToKey={(breed) => breed.name}
      onTextChange={(text) => {
        setTyped(text);
        onChange(text);
      }}
      onSelect={(breed) => {
        setTyped(null);
        onChange(breed.name);
      }}
      onBlur={() => {
        setTyped(null);
        // A breed typed in full (in any language the list knows) is stored by its canonical name.
        const resolved = resolveBreed(value);
        if (resolved && resolved !== value) onChange(resolved);
      }}
      emptyText={intl.formatMessage({ id: 'pickers.noBreeds' })}
    />
  );
}
