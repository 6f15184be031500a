import clsx from 'clsx';
import { Heart, MessageCircle } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Photo } from '#shared/schemas/uploads';
import { DogPhoto } from './dogs/dog-photo';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';
import { useT } from '../lib/intl';

interface MatchDog {
  name: string;
  photo: Photo | null | undefined;
}

/** A match: my dog, theirs, the chat that was made for them and the other owner's full name (null: unknown). */
export interface Match {
  myDog: MatchDog;
  theirDog: MatchDog;
  chatId: string | null;
  owner: string | null;
}

interface MatchDialogProps {
  match: Match | null;
  onClose: () => void;
  /** From the deck the way back is "keep swiping"; anywhere else, "later". */
  from?: 'deck' | 'elsewhere';
}

/**
 * "It's a Match!": both dogs, then straight to the new chat ("Write to Bor", by the other owner's first name)
 * or back to what the user was doing. The liker sees it from the deck; everyone else through the layout
 * (requests/match-moment.ts): the accepter of a request, and the other side live or when the app opens.
 */
export function MatchDialog({ match, onClose, from = 'deck' }: MatchDialogProps) {
  const t = useT();
  const navigate = useNavigate();
  const firstName = match?.owner?.trim().split(/\s+/)[0];
  return (
    <Dialog open={match !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="text-center">
        {match && (
          <div className="flex flex-col items-center gap-5 pt-4 md:pt-0">
            <div className="flex items-center justify-center">
              <MatchPhoto dog={match.myDog} className="-rotate-6" />
              <span className="z-10 -mx-5 flex size-14 shrink-0 items-center justify-center rounded-pill bg-primary text-primary-foreground shadow-card ring-4 ring-surface">
                <Heart aria-hidden="true" className="size-7" fill="currentColor" />
              </span>
              <MatchPhoto dog={match.theirDog} className="rotate-6" />
            </div>
            <div>
              <DialogTitle className="pr-0! text-headline font-extrabold text-primary-strong">
                {t('matching.match.title')}
              </DialogTitle>
              <DialogDescription className="text-lead text-balance">
                {t('matching.match.text', { myDog: match.myDog.name, theirDog: match.theirDog.name })}
              </DialogDescription>
            </div>
            <div className="flex w-full flex-col gap-3">
              <Button
                size="lg"
                onClick={() => {
                  onClose();
                  void navigate(
                    match.chatId ? `/klepet?chat=${encodeURIComponent(match.chatId)}` : '/klepet',
                  );
                }}
              >
                <MessageCircle aria-hidden="true" className="size-5" />
                {firstName ? t('matching.match.write', { name: firstName }) : t('matching.match.chat')}
              </Button>
              <Button size="lg" variant="outline" onClick={onClose}>
                {t(from === 'deck' ? 'matching.match.continue' : 'matching.match.later')}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MatchPhoto({ dog, className }: { dog: MatchDog; className: string }) {
  const intl = useIntl();
  return (
    <DogPhoto
      photo={dog.photo ?? undefined}
      sizes="(min-width: 768px) 144px, 112px"
      loading="eager"
      alt={intl.formatMessage({ id: 'dog.photoAlt' }, { name: dog.name })}
      className={clsx(
        'size-28 shrink-0 rounded-pill border-4 border-surface shadow-card md:size-36',
        className,
      )}
    />
  );
}
