/**
 * Phones: what the deck shows only when there is room for it, so that Pass and Like stay on the screen and
 * the photo keeps about half of the card however short the screen is (a small phone, the terms notice
 * showing). The queries ask the size containers `deck` (the deck's whole screen, deck-parts.tsx) and `card`
 * (the card stack, deck-view.tsx); wide screens have neither, so everything shows there.
 */
export const DECK_TEXT_ROOM = {
  /**
   * Under the buttons: the row with the count of dogs left (on a short screen only for screen readers, and
   * out of the flow, so no gap is left for it) and the swipe hint.
   */
  status: '[@container_deck_(max-height:24rem)]:sr-only',
  hint: '[@container_deck_(max-height:34rem)]:hidden',
  /** The demo's explanation (a like leads to sign-in, which says it again). */
  demoNote: '[@container_deck_(max-height:32rem)]:hidden',
  /**
   * A card too short for its name under the photo lays the name, age and breed over the photo's foot, on a
   * dark fade that keeps them legible on any photo.
   */
  overlay: '',
  /** The card's text: less padding on a short card, which leaves the photo the room. */
  text: '[@container_card_(max-height:16rem)]:py-2',
  /** Under the photo, after the name, age and breed, in this order as the card grows. */
  place: '[@container_card_(max-height:16rem)]:hidden',
  traits: '[@container_card_(max-height:22rem)]:hidden',
  facts: '[@container_card_(max-height:27rem)]:hidden',
  description: '[@container_card_(max-height:33rem)]:hidden',
};
