/**
 * A dog card's photo slot in the grid (1 column on phones, 2 from md, 3 from lg inside max-w-6xl), so the
 * browser picks the 200 px or the 512 px variant for the screen's density.
 */
export const DOG_CARD_PHOTO_SIZES =
  '(min-width: 1152px) 360px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';
