// Renders the toasts: 5 s on screen, swipe right past 50 px to dismiss, F8 focuses the toast area.
import * as Toast from 'radix-ui/toast';
import { timings, toastHotkey } from '#contracts/shared/constants.ts';
import { dismissToast, useToasts } from './toasts.ts';

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={timings.toastMs} swipeDirection="right" swipeThreshold={timings.toastSwipeThresholdPx}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`shop-toast shop-toast--${t.variant ?? 'default'}`}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <Toast.Title className="shop-toast__title">{t.title}</Toast.Title>
          {t.description && <Toast.Description className="shop-toast__description">{t.description}</Toast.Description>}
          <Toast.Close className="shop-toast__close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="shop-toast-viewport" hotkey={[toastHotkey]} label="Notifications ({hotkey})" />
    </Toast.Provider>
  );
}
