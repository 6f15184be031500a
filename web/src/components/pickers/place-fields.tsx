import { CountryPicker } from './country-picker';
import { LocationPicker, locationAfterCountryChange } from './location-picker';

interface PlaceFieldsProps {
  country: string;
  location: string;
  /** A new country comes with the place that still holds there (else ''), per SPEC §4 Forms. */
  onChange: (place: { country: string; location: string }) => void;
  countryName: string;
  countryLabel: string;
  locationLabel: string;
  countryError?: string | undefined;
  locationError?: string | undefined;
}

/** Country and place side by side; the place picker offers the chosen country's places. */
export function PlaceFields(props: PlaceFieldsProps) {
  const { country, location, onChange } = props;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <CountryPicker
        label={props.countryLabel}
        name={props.countryName}
        value={country}
        onChange={(code) => onChange({ country: code, location: locationAfterCountryChange(code, location) })}
        error={props.countryError}
      />
      <LocationPicker
        label={props.locationLabel}
        name="location"
        country={country}
        value={location}
        onChange={(text) => onChange({ country, location: text })}
        error={props.locationError}
      />
    </div>
  );
}
