import { type ComponentProps, useState } from 'react';
import { useIntl } from 'react-intl';
import { parseTimeInput } from '../../lib/date-input';
import { TextField } from '../ui/field';

type TimeFieldProps = Omit<ComponentProps<typeof TextField>, 'value' | 'onChange'> & {
  /** 'HH:MM', or what was typed while it is not a time yet. */
  value: string;
  onChange: (value: string) => void;
};

/** A 24-hour time typed as the page's languages write it ('16:30'), never the browser's AM/PM. */
export function TimeField({ value, onChange, ...props }: TimeFieldProps) {
  const intl = useIntl();
  const [text, setText] = useState(value);
  return (
    <TextField
      {...props}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      placeholder={intl.formatMessage({ id: 'common.time.placeholder' })}
      value={text}
      onChange={(change) => {
        setText(change.target.value);
        onChange(parseTimeInput(change.target.value) ?? change.target.value.trim());
      }}
      onBlur={() => {
        const time = parseTimeInput(text);
        if (time) setText(time);
      }}
    />
  );
}
