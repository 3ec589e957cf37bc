import { useCallback, useId, useRef, useState } from 'react';
import { type DismissReason, useDismiss } from './use-dismiss';

/**
 * A header dropdown (button + panel): open and close, the panel's id for aria-controls, and the
 * rule every such menu follows — it closes on Escape (focus back on the button), on a click or
 * focus outside, and when something in it is chosen (`close`).
 */
export const useDisclosure = () => {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const dismiss = useCallback((reason: DismissReason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, dismiss);
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, toggle, close, containerRef, buttonRef, menuId };
};
