import { CITY_COUNTRIES, type CityCountry } from '#shared/data/city-countries';
import { countryName } from '../../components/dogs/names';
import { SelectField } from '../../components/pickers/select-field';
import { useLocale } from '../../lib/intl';

/** A country with a town list, named in the UI language: where places are, and are looked for. */
export function ListCountrySelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: CityCountry;
  onChange: (country: CityCountry) => void;
  error?: string | undefined;
}) {
  const [locale] = useLocale();
  return (
    <SelectField
      label={label}
      name="country"
      value={value}
      onChange={(code) => code && onChange(code)}
      options={CITY_COUNTRIES.map((code) => ({ value: code, label: countryName(code, locale) }))}
      error={error}
    />
  );
}
