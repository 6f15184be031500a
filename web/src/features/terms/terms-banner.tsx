import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/intl';
import { acceptTerms } from '../../lib/terms';

/** The notice: one line of text, "read them" and "accept", above the phone's bottom bar. */
export default function TermsBanner({
  onRead,
  onShown,
  onAccepted,
}: {
  onRead: () => void;
  onShown: () => void;
  onAccepted: () => void;
}) {
  const t = useT();
  useEffect(onShown, [onShown]);
  return (
    <section
      aria-label={t('terms.banner.label')}
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-border bg-surface shadow-bar md:bottom-0"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-4">
        <p className="flex-1 text-label">{t('terms.banner.text')}</p>
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1 sm:flex-none" onClick={onRead}>
            {t('terms.banner.read')}
          </Button>
          <Button
            className="flex-1 sm:flex-none"
            onClick={() => {
              acceptTerms();
              onAccepted();
            }}
          >
            {t('terms.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
