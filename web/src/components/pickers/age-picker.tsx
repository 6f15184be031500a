import { useIntl } from 'react-intl';
import { LIMITS } from '#shared/limits';
import { SelectField } from './select-field';

interface AgePickerProps {
  value: number | undefined;
  onChange: (age: number) => void;
  /** Names the unit too ('Starost (leta)'): the options are plain numbers. */
  label: string;
  error?: string | undefined;
  name?: string | undefined;
  min?: number;
  max?: number;
}

/** Age in whole years, min…max. */
export function AgePicker({
  value,
  onChange,
  label,
  error,
  name,
  min = LIMITS.dogAge.min,
  max = LIMITS.dogAge.max,
}: AgePickerProps) {
  const intl = useIntl();
  const ages = Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
  return (
    <SelectField
      label={label}
      name={name}
      error={error}
      value={value === undefined ? '' : String(value)}
      onChange={(age) => onChange(Number(age))}
      options={ages.map((age) => ({ value: age, label: age }))}
      placeholder={intl.formatMessage({ id: 'pickers.agePlaceholder' })}
    />
  );
}
