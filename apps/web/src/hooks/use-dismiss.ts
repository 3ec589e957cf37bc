import { type RefObject, useEffect } from 'react';

export type DismissReason = 'escape' | 'outside';

/**
 * Calls `onDismiss` while `open` when the user presses Escape, or clicks, taps or moves focus
 * outside `containerRef` (menus, popovers).
 */
export const useDismiss = (
  containerRef: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: (reason: DismissReason) => void,
): void => {
  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) =>
      target instanceof Node && !containerRef.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) onDismiss('outside');
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss('escape');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [containerRef, open, onDismiss]);
};
