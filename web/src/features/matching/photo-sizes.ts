/**
 * The deck card photo's slot (its `sizes`): the page width less its padding on phones; from md half the
 * card, which is at most 56rem wide (so 448 px once the page is 58rem).
 */
export const DECK_PHOTO_SIZES =
  '(min-width: 928px) 448px, (min-width: 768px) calc(50vw - 1rem), calc(100vw - 2rem)';
