import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useReach } from '../../lib/connectivity';
import { useLocale, useT } from '../../lib/intl';
import { toast } from '../../lib/toast';

/**
 * "You are offline" under the top bar while the app cannot reach the server, "Reconnecting" while the server
 * answers that its database is away (lib/connectivity.ts): the app still opens (the service worker keeps the
 * shell), shows what it last loaded and tries again by itself. A live region, so screen readers hear it.
 */
function OfflineBanner() {
  const t = useT();
  const reach = useReach();
  return (
    <div role="status" className="empty:hidden">
      {reach !== 'online' && (
        <p className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-label font-semibold text-background">
          {reach === 'offline' ? (
            <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <RefreshCw aria-hidden="true" className="size-4 shrink-0 motion-safe:animate-spin" />
          )}
          {t(reach === 'offline' ? 'pwa.offline' : 'pwa.reconnecting')}
        </p>
      )}
    </div>
  );
}

/** Registers the service worker in the built app: a new version offers "Reload" (never reloads mid-form by itself). */
function ServiceWorkerUpdates() {
  const t = useT();
  // The registration lives as long as the page; this reads the language current when called.
  const onUpdate = useEffectEvent((reload: () => void) =>
    toast.info(t('pwa.update.title'), {
      duration: Infinity,
      action: { label: t('pwa.update.reload'), onClick: reload },
    }),
  );
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    void import('../../lib/service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker({ onUpdate: (reload) => onUpdate(reload) }),
    );
  }, []);
  return null;
}

/** Installing the app names it in the language shown (web/app-manifest.ts). */
function ManifestLanguage() {
  const [locale] = useLocale();
  useEffect(() => {
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${locale}.webmanifest`);
  }, [locale]);
  return null;
}

/** The installed app's parts of the layout, loaded lazily (the service worker keeps them for offline use). */
export default function AppStatus() {
  return (
    <>
      <OfflineBanner />
      <ServiceWorkerUpdates />
      <ManifestLanguage />
    </>
  );
}
