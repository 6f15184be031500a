import * as DialogPrimitive from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { type ComponentProps, useRef } from 'react';
import { useIntl } from 'react-intl';
import { DIALOG_PANEL, focusHeadingUnder } from './dialog-panel';

/*
 * The Radix dialog (with its focus trap, scroll lock and dismiss layer): its own chunk, which ./dialog.tsx
 * loads on the first opening, or earlier on a sign of intent.
 */

export const DialogRoot = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * Centred panel on a dimmed page; a bottom sheet on phones. Needs a DialogTitle inside. Closing gives the
 * focus back to what had it when the dialog opened (our dialogs open from state, not a Radix Trigger).
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const intl = useIntl();
  const opener = useRef<{ element: HTMLElement | null; href: string }>({ element: null, href: '' });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-foreground/50" />
      <DialogPrimitive.Content
        className={clsx(DIALOG_PANEL, 'overflow-y-auto', className)}
        onOpenAutoFocus={(event) => {
          // Still the opener: the dialog has not moved the focus yet.
          const active = document.activeElement;
          opener.current = { element: active instanceof HTMLElement ? active : null, href: location.href };
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          // Back to the opener; if a link in the dialog went to another page (or the opener is gone), to
          // the heading of the dialog underneath or of the page.
          const { element, href } = opener.current;
          if (href === location.href && element?.isConnected) element.focus({ preventScroll: true });
          else focusHeadingUnder();
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label={intl.formatMessage({ id: 'common.close' })}
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-control text-muted-foreground hover:bg-muted"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={clsx('pr-10 text-title font-bold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={clsx('mt-2 text-muted-foreground', className)} {...props} />;
}
