import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../components/ui/field';

/** The e-mail field all three auth forms share: label, keyboard and autofill hints. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: 'auth.field.email' })}
      type="email"
      inputMode="email"
      autoComplete="email"
      {...props}
    />
  );
}
