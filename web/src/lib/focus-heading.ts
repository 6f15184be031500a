/**
 * Moves the focus to the page's main heading (its h1, else its first heading: a chat on a phone has no
 * h1), made focusable for this. False when the page shows none yet, or it cannot take the focus yet (the
 * page is inert under a closing dialog).
 */
export function focusPageHeading(root: ParentNode | null = document.querySelector('main')): boolean {
  // Shown ones only: a phone hides the chat list (and its h1) while a chat is open.
  const shown = (selector: string) =>
    [...(root?.querySelectorAll<HTMLElement>(selector) ?? [])].find((el) => el.getClientRects().length > 0);
  const heading = shown('h1') ?? shown('h2');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}
