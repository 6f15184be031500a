import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import type { EventView } from './types';

/** The organiser downloads the attendee list as a CSV file (made by the server: BOM, escaped cells). */
export function ExportAttendeesButton({
  event,
  className,
  icon: Icon,
}: {
  event: EventView;
  className: string;
  icon: LucideIcon;
}) {
  const t = useT();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { csv, filename } = await utils.events.exportAttendees.fetch({ eventId: event.id });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: filename });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error(t('events.export.error'), { description: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void download()}>
      <Icon aria-hidden="true" className="size-4.5" />
      {t('events.export.button')}
    </button>
  );
}
