import { ExternalLink, HandHeart } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { trpc } from '../../lib/trpc';
import { useT } from '../../lib/intl';

/** Why Tačke asks for support, and the payment link from the DONATION_URL setting (DECISIONS 14). */
export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  // Fetched when first opened; the setting does not change while the app runs.
  const config = trpc.config.get.useQuery(undefined, { enabled: open, staleTime: Infinity });
  const donationUrl = config.data?.donationUrl ?? null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <span className="mb-4 flex size-14 items-center justify-center rounded-pill bg-primary-soft text-primary-strong">
          <HandHeart aria-hidden="true" className="size-7" />
        </span>
        <DialogTitle>{t('support.title')}</DialogTitle>
        <DialogDescription className="text-lead">{t('support.motivation')}</DialogDescription>
        <p className="mt-3 text-muted-foreground">{t('support.free')}</p>
        {config.isPending ? (
          <div className="mt-4 flex justify-center py-3 text-muted-foreground">
            <Spinner className="size-6" />
            <span className="sr-only">{t('common.loading')}</span>
          </div>
        ) : donationUrl ? (
          <p className="mt-3 text-label text-muted-foreground">{t('support.adultsOnly')}</p>
        ) : (
          <p className="mt-4 rounded-control bg-accent-soft px-4 py-3 font-semibold text-accent-strong">
            {t('support.soon')}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant={donationUrl ? 'outline' : 'primary'}>
              {t(donationUrl ? 'common.close' : 'support.close')}
            </Button>
          </DialogClose>
          {donationUrl && (
            <a href={donationUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
              <HandHeart aria-hidden="true" className="size-5" />
              {t('support.donate')}
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="sr-only"> {t('support.newTab')}</span>
            </a>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
