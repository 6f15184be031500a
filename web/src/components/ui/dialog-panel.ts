import clsx from 'clsx';
import { focusPageHeading } from '../../lib/focus-heading';

/** A dialog's panel: centred on a dimmed page; a bottom sheet on phones (the dialog and its loading frame). */
export const DIALOG_PANEL = clsx(
  'fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] rounded-t-card bg-surface p-5 shadow-card',
  'md:inset-auto md:top-1/2 md:left-1/2 md:w-full md:max-w-lg md:-translate-1/2 md:rounded-card md:p-8',
);

/** Focuses the heading of the dialog still open (under one that closed), else the page's heading. */
export function focusHeadingUnder() {
  const open = document.querySelectorAll<HTMLElement>('[role="dialog"]');
  const under = open[open.length - 1];
  if (!under || !focusPageHeading(under)) focusPageHeading();
}
