import { useState } from 'react';
import { useIntl } from 'react-intl';
import { type Country, countryName, searchCountries } from '#shared/data/countries';
import { normalizeForSearch } from '#shared/data/named';
import { useLocale } from '../../lib/intl';
import { Combobox, MAX_SUGGESTIONS } from './combobox';

interface CountryPickerProps {
  /** ISO 3166-1 alpha-2 code. */
  value: string;
  onChange: (code: string) => void;
  label: string;
  error?: string | undefined;
  id?: string | undefined;
  name?: string | undefined;
  disabled?: boolean | undefined;
}

/**
 * A country by name in the UI language. Only a picked country (or a name typed in full) changes the
 * value; other text is dropped when the field is left.
 */
export function CountryPicker({ value, onChange, ...field }: CountryPickerProps) {
  const intl = useIntl();
  const [locale] = useLocale();
  /** The text while the user types; null shows the current country. */
  const [typed, setTyped] = useState<string | null>(null);
  const items = searchCountries(typed ?? '', locale, MAX_SUGGESTIONS + 1);
  const nameOf = (country: Country) => countryName(country.code, locale);

  const leave = () => {
    if (typed === null) return;
    setTyped(null);
    const wanted = normalizeForSearch(typed);
    const exact = items.find((country) =>
      [nameOf(country), country.name].some((form) => normalizeForSearch(form) === wanted),
    );
    if (exact && exact.code !== value) onChange(exact.code);
  };

  return (
    <Combobox
      {...field}
      text={typed ?? (value ? countryName(value, locale) : '')}
      items={items}
      itemToString={nameOf}
      itemToKey={(country) => country.code}
      onTextChange={setTyped}
      onSelect={(country) => {
        setTyped(null);
        onChange(country.code);
      }}
      onBlur={leave}
      emptyText={intl.formatMessage({ id: 'pickers.noCountries' })}
    />
  );
}
