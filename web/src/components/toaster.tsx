import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '../lib/toast';

/**
 * Toasts at the top, just under the sticky top bar (--toast-top in styles.css), so its bell, language and
 * sign-out stay usable, and away from the phone's bottom bar and the deck's buttons. Loaded lazily by
 * main.tsx.
 */
const OFFSET = { top: 'var(--toast-top)' };

export default function Toaster() {
  const intl = useIntl();
  // Runs after Sonner's own effect has subscribed to new toasts.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      position="top-center"
      offset={OFFSET}
      mobileOffset={OFFSET}
      richColors
      closeButton
      containerAriaLabel={intl.formatMessage({ id: 'common.notifications' })}
      toastOptions={{ closeButtonAriaLabel: intl.formatMessage({ id: 'common.close' }) }}
    />
  );
}
