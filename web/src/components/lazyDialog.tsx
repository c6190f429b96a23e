// Dialogs whose code loads when first wanted. The landing page shows a dozen dialog triggers (each cover, each
// preview, Buy Now, the cart, the reviews) and a shopper opens few of them, so the page carries only the triggers:
// Radix's dialog machinery (focus trap, scroll lock, portal) and each dialog's own content load when a trigger is
// first pointed at, focused or pressed, and the dialog opens as soon as they are there.
import { lazy, Suspense, useCallback, useRef, useState, type ComponentType, type RefObject } from 'react';
import { lateStyles } from '../lateStyles.ts';

/** What a lazily loaded dialog receives besides its own props, to hand to Radix's Dialog.Root and Dialog.Content. */
export type DialogControl = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the trigger when the dialog closes (Radix does this only for its own Dialog.Trigger). */
  onCloseAutoFocus: (event: Event) => void;
};

export type LazyDialog<P> = { Dialog: ComponentType<P & DialogControl>; preload: () => void };

export function lazyDialog<P>(load: () => Promise<ComponentType<P & DialogControl>>): LazyDialog<P> {
  let loading: Promise<{ default: ComponentType<P & DialogControl> }> | undefined;
  // With the stylesheet of the components the landing page does not draw (a dialog's frame is one of them).
  const module = () =>
    (loading ??= Promise.all([load(), lateStyles()]).then(([component]) => ({ default: component })));
  return { Dialog: lazy(module), preload: () => void module() };
}

/**
 * The trigger's ref and props (spread them on the button that opens the dialog) and the dialog element (render it
 * anywhere, e.g. beside the trigger). `trigger` is the element focus returns to; one is made when none is given.
 */
export function useLazyDialog<P>(dialog: LazyDialog<P>, trigger?: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so whatever the dialog holds (a half-written review) survives closing it.
  const [wanted, setWanted] = useState(false);
  const ownTrigger = useRef<HTMLElement | null>(null);
  const focusTarget = trigger ?? ownTrigger;
  const triggerRef = useCallback((element: HTMLElement | null) => {
    ownTrigger.current = element;
  }, []);
  const openChange = (next: boolean) => {
    if (next) {
      dialog.preload();
      setWanted(true);
    }
    setOpen(next);
  };
  const triggerProps = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    onClick: () => openChange(true),
    onPointerEnter: dialog.preload,
    onFocus: dialog.preload,
  };
  const render = (props: P) =>
    wanted && (
      <Suspense fallback={null}>
        <dialog.Dialog
          {...props}
          open={open}
          onOpenChange={openChange}
          onCloseAutoFocus={(event: Event) => {
            event.preventDefault();
            focusTarget.current?.focus();
          }}
        />
      </Suspense>
    );
  return { triggerRef, triggerProps, render };
}
