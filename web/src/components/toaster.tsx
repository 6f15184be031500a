import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from '../lib/toast';

/**
 * Toasts at the bottom, clear of the top bar (its bell, language and sign-out stay usable): on phones just
 * above the bottom bar (--toast-bottom in styles.css), on wider screens in the corner. Loaded lazily by
 * main.tsx.
 */
const OFFSET = { bottom: 'var(--toast-bottom)' };

export default function Toaster() {
  const intl = useIntl();
  // Runs after Sonner's own effect has subscribed to new toasts.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      position="bottom-right"
      offset={OFFSET}
      mobileOffset={OFFSET}
      richColors
      closeButton
      containerAriaLabel={intl.formatMessage({ id: 'common.notifications' })}
      toastOptions={{ closeButtonAriaLabel: intl.formatMessage({ id: 'common.close' }) }}
    />
  );
}
