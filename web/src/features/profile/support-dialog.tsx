import { HandHeart } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../components/ui/dialog';

/** Why Tačke asks for support; the payment link comes with DONATION_URL in a later issue (DECISIONS 14). */
export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <span className="mb-4 flex size-14 items-center justify-center rounded-pill bg-primary-soft text-primary-strong">
          <HandHeart aria-hidden="true" className="size-7" />
        </span>
        <DialogTitle>{t('support.title')}</DialogTitle>
        <DialogDescription className="text-lead">{t('support.motivation')}</DialogDescription>
        <p className="mt-3 text-muted-foreground">{t('support.free')}</p>
        <p className="mt-4 rounded-control bg-accent-soft px-4 py-3 font-semibold text-accent-strong">
          {t('support.soon')}
        </p>
        <DialogClose asChild>
          <Button className="mt-6 w-full sm:w-auto">{t('support.close')}</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
