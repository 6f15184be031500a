import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { NotificationsPanel } from './notifications-panel';

/** The requests panel over the page (a bottom sheet on phones); following a link in it closes it. */
export default function RequestsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const location = useLocation();
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== shownAt.current) {
      shownAt.current = location.key;
      onOpenChange(false);
    }
  }, [location.key, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-xl">
        <DialogTitle>{intl.formatMessage({ id: 'requests.title' })}</DialogTitle>
        <DialogDescription>{intl.formatMessage({ id: 'requests.subtitle' })}</DialogDescription>
        <NotificationsPanel className="mt-5" />
      </DialogContent>
    </Dialog>
  );
}
