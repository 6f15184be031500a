import type { DialogProps } from '@radix-ui/react-dialog';
import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type * as DialogParts from './dialog-parts';
import { DIALOG_PANEL } from './dialog-panel';
import { LoadingArea } from './spinner';

/*
 * Dialogs open from state (`open`), never from a Radix Trigger. The Radix dialog is not part of any page's
 * first download: it loads when a dialog first opens, or before that on a sign of intent (the pointer on,
 * or the focus in, a button or link; a tap). A dialog opened before it arrives (a slow network) shows its
 * frame at once, a panel of the dialog's place and width with a spinner, instead of nothing.
 */

type Parts = typeof DialogParts;
let parts: Parts | undefined;
const loadParts = () => import('./dialog-parts').then((module) => (parts = module));
/** Fetches the dialog's code ahead of an opening. */
export const preloadDialog = () => void loadParts();
const partsLoaded = () => parts !== undefined;

export { focusHeadingUnder } from './dialog-panel';

const LazyRoot = lazy(() => loadParts().then((module) => ({ default: module.DialogRoot })));

/** What stands in for a dialog whose code is still on its way. */
function DialogFrame() {
  return (
    <>
      <div className="fixed inset-0 z-50 bg-foreground/50" />
      <div data-testid="dialog-frame" className={DIALOG_PANEL}>
        <LoadingArea className="min-h-64" iconClassName="size-8" />
      </div>
    </>
  );
}

/**
 * Calls `preload` (once per page) at the first sign that a dialog may open: the pointer on, the focus in,
 * or a tap on a button or link. Until then, nothing is fetched.
 */
function usePreloadOnIntent(preload: () => void, done: () => boolean) {
  useEffect(() => {
    if (done()) return;
    const intent = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('button, a, [role="button"]')) return;
      preload();
      stop();
    };
    const stop = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, intent, true);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, intent, true);
    return stop;
  }, [preload, done]);
}
const INTENT_EVENTS = ['pointerover', 'focusin', 'pointerdown'] as const;

/**
 * The dialog's root. Closed and never opened, it renders nothing (and the dialog's contents do not mount);
 * from its first opening on it is the Radix root, so it can animate closed and reopen at once.
 */
export function Dialog(props: DialogProps) {
  usePreloadOnIntent(preloadDialog, partsLoaded);
  const [Root, setRoot] = useState<ComponentType<DialogProps> | null>(() => parts?.DialogRoot ?? null);
  if (props.open && !Root) setRoot(() => parts?.DialogRoot ?? LazyRoot);
  if (!Root) return null;
  return (
    <Suspense fallback={<DialogFrame />}>
      <Root {...props} />
    </Suspense>
  );
}

/**
 * A dialog whose module (with what only it uses: pickers, lists, forms) loads on its first opening, or on
 * a sign of intent while it is on the page. `isOpen` tells from its props whether it is open.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
) {
  let loaded: ComponentType<P> | undefined;
  const fetchDialog = () => Promise.all([load(), loadParts()]).then(([component]) => (loaded = component));
  const preload = () => void fetchDialog();
  const done = () => loaded !== undefined;
  const Lazy = lazy(() => fetchDialog().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    usePreloadOnIntent(preload, done);
    // Chosen at the first opening and kept: the module itself once loaded, so no fallback ever flashes.
    const [Shown, setShown] = useState<ComponentType<P> | null>(null);
    if (isOpen(props) && !Shown) setShown(() => loaded ?? Lazy);
    if (!Shown) return null;
    return (
      <Suspense fallback={<DialogFrame />}>
        <Shown {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}

// The parts render inside an open Dialog, so its code is there by then.
const loaded = (): Parts => {
  if (!parts) throw new Error('Dialog parts render inside an open Dialog');
  return parts;
};

export function DialogContent(props: ComponentProps<Parts['DialogContent']>) {
  const { DialogContent: Content } = loaded();
  return <Content {...props} />;
}

export function DialogTitle(props: ComponentProps<Parts['DialogTitle']>) {
  const { DialogTitle: Title } = loaded();
  return <Title {...props} />;
}

export function DialogDescription(props: ComponentProps<Parts['DialogDescription']>) {
  const { DialogDescription: Description } = loaded();
  return <Description {...props} />;
}

export function DialogClose(props: ComponentProps<Parts['DialogClose']>) {
  const { DialogClose: Close } = loaded();
  return <Close {...props} />;
}
