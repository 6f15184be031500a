import clsx from 'clsx';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { LIMITS } from '#shared/limits';
import type { SpotView } from '#shared/schemas/spots';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useErrorText } from '../../lib/errors';
import { useT } from '../../lib/intl';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useSpotChanged } from './spots-cache';

/** My 1–5 and an optional one-line tip for a place; a second review replaces the first, or I take it back. */
export function SpotReviewForm({ spot }: { spot: SpotView }) {
  const t = useT();
  const errorText = useErrorText();
  const id = useId();
  const changed = useSpotChanged();
  const mine = spot.myReview;
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [tip, setTip] = useState(mine?.tip ?? '');
  const [missing, setMissing] = useState(false);
  const review = trpc.spots.review.useMutation({
    onSuccess: (view) => {
      changed(spot.id, view);
      toast.success(t('spots.review.saved'));
    },
  });
  const remove = trpc.spots.removeReview.useMutation({
    onSuccess: () => {
      changed(spot.id);
      setRating(0);
      setTip('');
      toast.success(t('spots.review.removed'));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0) return setMissing(true);
    review.mutate({ spotId: spot.id, rating, tip });
  };
  const error = review.error ?? remove.error;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
        <legend className="text-label font-semibold">
          {t(mine ? 'spots.review.mine' : 'spots.review.title')}
        </legend>
        <div className="mt-1 flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex size-11 cursor-pointer items-center justify-center rounded-control text-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setMissing(false);
                }}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={clsx('size-7', n <= rating ? 'fill-current' : 'opacity-50')}
              />
              <span className="sr-only">{t('spots.review.stars', { rating: n })}</span>
            </label>
          ))}
        </div>
        {missing && (
          <p id={`${id}-missing`} className="text-caption font-medium text-danger">
            {t('validation.ratingInvalid')}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('spots.review.tip')}
        hint={t('spots.review.tipHint', { max: LIMITS.spot.tipMax })}
        value={tip}
        maxLength={LIMITS.spot.tipMax}
        onChange={(event) => setTip(event.target.value)}
      />
      {error && <Alert>{errorText(error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={review.isPending}>
          {t(mine ? 'spots.review.update' : 'spots.review.save')}
        </Button>
        {mine && (
          <Button
            variant="ghost"
            loading={remove.isPending}
            onClick={() => remove.mutate({ spotId: spot.id })}
          >
            {t('spots.review.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
