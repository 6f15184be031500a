import { useState } from 'react';
import type { LostSightingView } from '#shared/schemas/lost';
import type { Point } from '../../components/map/town-centre';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { trpc } from '../../lib/trpc';
import { uuidV4 } from '../../lib/uuid';
import { SeenFields, SeenFormEnd, seenInput, seenNow } from './seen-fields';

export interface SightedAlert {
  id: string;
  dog: string;
  /** Where the map starts: the alert's area. */
  lat: number;
  lon: number;
}

/**
 * "I saw this dog": where (the map's pin, from the alert's area), when, what it did, a photo. One id per
 * opening, so a retry after a lost answer stores one sighting.
 */
export function SightingDialog({
  alert,
  onClose,
  onSighted,
}: {
  alert: SightedAlert | null;
  onClose: () => void;
  onSighted: (sighting: LostSightingView) => void;
}) {
  const t = useT();
  return (
    <Dialog open={alert !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{t('lost.sighting.title', { dog: alert?.dog ?? '' })}</DialogTitle>
        <DialogDescription>{t('lost.sighting.description')}</DialogDescription>
        {alert && <SightingForm alert={alert} onCancel={onClose} onSighted={onSighted} />}
      </DialogContent>
    </Dialog>
  );
}

function SightingForm({
  alert,
  onCancel,
  onSighted,
}: {
  alert: SightedAlert;
  onCancel: () => void;
  onSighted: (sighting: LostSightingView) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [id] = useState(uuidV4);
  const [start] = useState<Point>({ lat: alert.lat, lon: alert.lon });
  const [seen, setSeen] = useState(() => seenNow(start));
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sight = trpc.lost.sight.useMutation({
    onSuccess: onSighted,
    onError: (error) => setProblem(errorText(error)),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const { lostSightInput } = await import('#shared/schemas/lost');
    const parsed = lostSightInput.safeParse({
      id,
      alertId: alert.id,
      ...seenInput(seen),
    });
    if (!parsed.success) return setProblem(t(parsed.error.issues[0]!.message));
    setProblem(null);
    sight.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
      <SeenFields
        copy="lost.sighting"
        centre={start}
        value={seen}
        onChange={setSeen}
        onUploading={setUploading}
        disabled={sight.isPending}
      />
      <SeenFormEnd
        problem={problem}
        onCancel={onCancel}
        submit={t('lost.sighting.submit')}
        busy={sight.isPending || uploading}
      />
    </form>
  );
}
