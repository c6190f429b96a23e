// "Buy Now" on a book opens the shipping and payment dialog. The landing page carries only this
// button: the dialog's code loads when the button is first pointed at, focused or pressed.
import { Button } from '@radix-ui/themes';
import { lazyDialog, useLazyDialog } from '../../../components/lazyDialog.tsx';

const buyNowDialog = lazyDialog(() => import('./BuyNowDialog.tsx').then((m) => m.BuyNowDialog));

export function BuyNow({ title, disabled = false }: { title: string; disabled?: boolean }) {
  const dialog = useLazyDialog(buyNowDialog);
  return (
    <>
      <Button
        ref={dialog.triggerRef}
        variant="outline"
        size="3"
        aria-label={`Buy Now: ${title}`}
        style={{ width: '100%' }}
        disabled={disabled}
        {...dialog.triggerProps}
      >
        Buy Now
      </Button>
      {dialog.render({ title })}
    </>
  );
}
