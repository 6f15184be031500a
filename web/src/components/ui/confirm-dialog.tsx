import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  /** The confirmed action is on its way: the dialog stays, its buttons wait. */
  busy: boolean;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  icon?: LucideIcon;
  onConfirm: () => void;
  onClose: () => void;
  /** Choices between the text and the buttons (which dates of a series, …). */
  children?: ReactNode;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}

/** A destructive action asked once more: cancel, or confirm in the danger colour. */
export function ConfirmDialog({
  open,
  busy,
  title,
  description,
  cancelLabel,
  confirmLabel,
  icon: Icon,
  onConfirm,
  onClose,
  children,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="break-words">{description}</DialogDescription>
        {children}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {Icon && <Icon aria-hidden="true" className="size-5" />}
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
