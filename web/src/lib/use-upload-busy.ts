import { useEffect, useRef } from 'react';

/**
 * Reports whether the PhotoUpload inside the returned ref's element is sending a photo. PhotoUpload keeps
 * that state to itself and marks its button aria-disabled meanwhile, so this watches that attribute.
 * TODO: use a busy callback once PhotoUpload offers one.
 */
export function useUploadBusy(onBusyChange: (busy: boolean) => void) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onBusyChange);
  useEffect(() => {
    callback.current = onBusyChange;
  });
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let busy = false;
    const check = () => {
      const now = root.querySelector('[aria-disabled="true"]') !== null;
      if (now !== busy) {
        busy = now;
        callback.current(now);
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-disabled'],
    });
    return () => {
      observer.disconnect();
      if (busy) callback.current(false);
    };
  }, []);
  return ref;
}
