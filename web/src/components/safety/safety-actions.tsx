import { Ban, Flag } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../lib/intl';
import { useSession } from '../../lib/session';
import { Button } from '../ui/button';
import { BlockDialog, ReportDialog } from './lazy-safety-dialogs';
import type { ReportTargetRef } from './report-dialog';

/**
 * "Prijavi" for an item, and "Blokiraj" for its author when they are another signed-in user's to block.
 * `onBlocked` runs after a block (a dialog about them closes).
 */
export function SafetyActions({
  target,
  author,
  onBlocked,
  className,
}: {
  target: ReportTargetRef;
  author?: { id: string; name: string } | null;
  onBlocked?: () => void;
  className?: string;
}) {
  const t = useT();
  const { user } = useSession();
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const canBlock = !!user && !!author && author.id !== user.id;
  if (user && author?.id === user.id) return null;
  return (
    <div className={className ?? 'flex flex-wrap gap-2'}>
      <Button variant="ghost" onClick={() => setReporting(true)}>
        <Flag aria-hidden="true" className="size-5" />
        {t(`report.open.${target.type}`)}
      </Button>
      {canBlock && (
        <Button variant="ghost" onClick={() => setBlocking(true)} className="text-danger">
          <Ban aria-hidden="true" className="size-5" />
          {t('block.openUser')}
        </Button>
      )}
      <ReportDialog target={reporting ? target : null} onClose={() => setReporting(false)} />
      {canBlock && (
        <BlockDialog
          user={blocking ? author : null}
          onClose={() => setBlocking(false)}
          onBlocked={onBlocked}
        />
      )}
    </div>
  );
}
