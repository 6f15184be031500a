import { ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../lib/intl';

const DISMISSED_KEY = 'tacke.safetyTipsDismissed';
const TIPS = ['public', 'tell', 'leash', 'health', 'trust'] as const;

const dismissedBefore = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Before a first meeting (issue 18): meet in a public place, tell someone, and the rest; above the chat until
 * its reader closes it, once for all chats.
 */
export function SafetyTips() {
  const t = useT();
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (dismissed) return null;
  const close = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: closed for this visit only.
    }
    setDismissed(true);
  };
  return (
    <aside
      aria-labelledby="safety-tips-title"
      className="relative mx-3 mt-3 rounded-control border border-primary/30 bg-primary-soft/50 p-3 pr-12 text-label"
    >
      <h3 id="safety-tips-title" className="flex items-center gap-2 font-bold">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary-strong" />
        {t('safetyTips.title')}
      </h3>
      <ul className="mt-1 list-disc pl-6">
        {TIPS.map((tip) => (
          <li key={tip}>{t(`safetyTips.${tip}`)}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={close}
        aria-label={t('safetyTips.close')}
        className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-control text-muted-foreground hover:bg-muted"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </aside>
  );
}
