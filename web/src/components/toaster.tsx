import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '../lib/toast';

/** Toasts at the top: the phone bottom bar owns the bottom edge. Loaded lazily by main.tsx. */
export default function Toaster() {
  const intl = useIntl();
  // Runs after Sonner's own effect has subscribed to new toasts.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={intl.formatMessage({ id: 'common.notifications' })}
      toastOptions={{ closeButtonAriaLabel: intl.formatMessage({ id: 'common.close' }) }}
    />
  );
}
