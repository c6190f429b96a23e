// The × in a dialog's corner: closes it, and says what it closes.
import { Dialog, IconButton } from '@radix-ui/themes';
import { CloseIcon } from './icons.tsx';

export function DialogCloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close>
      <IconButton variant="ghost" color="gray" aria-label={label}>
        <CloseIcon />
      </IconButton>
    </Dialog.Close>
  );
}
