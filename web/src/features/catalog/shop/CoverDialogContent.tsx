// The enlarged cover (see CoverDialog.tsx).
import { Dialog, Flex } from '@radix-ui/themes';
import type { DialogControl } from '../../../components/lazyDialog.tsx';
import { DialogCloseButton } from '../../../components/DialogCloseButton.tsx';
import { ProductImage } from '../../../components/ProductImage.tsx';

export function CoverDialogContent({
  title,
  image,
  alt,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: { title: string; image: string; alt: string } & DialogControl) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content size="3" maxWidth="560px" className="cover-dialog" onCloseAutoFocus={onCloseAutoFocus}>
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title size="5">{title}</Dialog.Title>
          <DialogCloseButton label="Close cover" />
        </Flex>
        <Dialog.Description className="visually-hidden">{alt}</Dialog.Description>
        <ProductImage
          className="cover-dialog__image"
          src={image}
          alt={alt}
          width="600"
          height="800"
          sizes="(max-width: 560px) 100vw, 560px"
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
