import { useState } from 'react';
import { useIntl } from 'react-intl';
import { citiesOf, resolveLocation, searchCities } from '#shared/data/cities';
import { displayName, type Named } from '#shared/data/named';
import { LIMITS } from '#shared/limits';
import { useLocale } from '../../lib/intl';
import { TextField } from '../ui/field';
import { Combobox, MAX_SUGGESTIONS } from './combobox';

/**
 * The location to keep when the country changes: the same place if it is valid in the new country
 * (stored by its name there), otherwise empty (SPEC §4 Forms: changing the country clears an invalid city).
 */
export function locationAfterCountryChange(newCountry: string, location: string): string {
  // A place is kept only when the new country's list has it; free text typed for another country is
  // almost never right in the new one, so it is cleared (SPEC §4 Forms).
  return (citiesOf(newCountry) && resolveLocation(newCountry, location)) || '';
}

interface LocationPickerProps {
  /** ISO code of the country whose places are offered. */
  country: string;
  /** The stored place name, or the text being typed. */
  value: string;
  onChange: (text: string) => void;
  label: string;
  /** A form's message (required, or invalid on submit); shown instead of the picker's own. */
  error?: string | undefined;
  id?: string | undefined;
  name?: string | undefined;
  disabled?: boolean | undefined;
}

/**
 * A place in `country`: a combobox over its list of municipalities or cities, or free text for a
 * country without a list (SPEC §5 Location picker).
 */
export function LocationPicker({ country, ...props }: LocationPickerProps) {
  const cities = citiesOf(country);
  if (cities) return <CityCombobox country={country} cities={cities} {...props} />;
  const { value, onChange, ...field } = props;
  return (
    <TextField
      {...field}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      maxLength={LIMITS.location.max}
      autoComplete="address-level2"
    />
  );
}

function CityCombobox({
  country,
  cities,
  value,
  onChange,
  error,
  ...field
}: LocationPickerProps & { cities: readonly Named[] }) {
  const intl = useIntl();
  const [locale] = useLocale();
  /** The text while the user types; null shows the value. */
  const [typed, setTyped] = useState<string | null>(null);
  /** Checked once the field is left, so an unfinished name is not called invalid while being typed. */
  const [checked, setChecked] = useState(false);
  const items = searchCities(country, typed ?? '', locale, MAX_SUGGESTIONS + 1);
  const current = cities.find((city) => city.name === value);
  const invalid = checked && value.trim() !== '' && !resolveLocation(country, value);

  return (
    <Combobox
      {...field}
      error={error ?? (invalid ? intl.formatMessage({ id: 'pickers.locationInvalid' }) : undefined)}
      text={typed ?? (current ? displayName(current, locale) : value)}
      items={items}
      itemToString={(city) => displayName(city, locale)}
      itemToKey={(city) => city.name}
      onTextChange={(text) => {
        setTyped(text);
        setChecked(false);
        onChange(text);
      }}
      onSelect={(city) => {
        setTyped(null);
        onChange(city.name);
      }}
      onBlur={() => {
        setTyped(null);
        setChecked(true);
        // A name typed in full (any spelling the list knows) is stored as the list's name.
        const resolved = value.trim() && resolveLocation(country, value);
        if (resolved && resolved !== value) onChange(resolved);
      }}
      emptyText={intl.formatMessage({ id: 'pickers.noLocations' })}
    />
  );
}
