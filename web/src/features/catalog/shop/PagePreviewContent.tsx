// The page preview itself (see PagePreviewDialog.tsx): each opening starts at page 1.
import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState, type KeyboardEvent } from 'react';
import type { PreviewPage } from '#contracts/catalog/model.ts';
import { ProductImage } from '../../../components/ProductImage.tsx';
import type { DialogControl } from '../../../components/lazyDialog.tsx';
import { DialogCloseButton } from '../../../components/DialogCloseButton.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx';

type Pages = PreviewPage[];

export function PagePreviewContent({
  title,
  pages,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: { title: string; pages: Pages } & DialogControl) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {/* The pages live inside the content, which is unmounted on closing, so a new opening starts afresh. */}
      <Dialog.Content size="3" maxWidth="880px" className="preview-dialog" onCloseAutoFocus={onCloseAutoFocus}>
        <Pager title={title} pages={pages} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Pager({ title, pages }: { title: string; pages: Pages }) {
  const [index, setIndex] = useState(0);
  const page = pages[index];
  const last = pages.length - 1;
  const go = (next: number) => setIndex(Math.max(0, Math.min(last, next)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    if (event.key === 'ArrowRight') go(index + 1);
  };

  return (
    <div onKeyDown={onKeyDown}>
      <Flex justify="between" align="start" gap="3">
        <Dialog.Title size="5">{title}</Dialog.Title>
        <DialogCloseButton label="Close preview" />
      </Flex>
      <Dialog.Description className="visually-hidden">A look inside {title}, one page at a time.</Dialog.Description>
      {page && (
        <div className="preview-dialog__page">
          <ProductImage
            key={page.image}
            src={page.image}
            alt={page.alt}
            width="800"
            height="600"
            sizes="(max-width: 880px) 100vw, 800px"
          />
        </div>
      )}
      <Flex justify="between" align="center" gap="3" mt="4">
        <Button variant="soft" onClick={() => go(index - 1)} disabled={index === 0}>
          <ChevronLeftIcon size={16} />
          Previous
        </Button>
        <Text size="2" weight="medium" aria-live="polite" data-testid="preview-position">
          {`Page ${index + 1} of ${pages.length}`}
        </Text>
        <Button variant="soft" onClick={() => go(index + 1)} disabled={index >= last}>
          Next
          <ChevronRightIcon size={16} />
        </Button>
      </Flex>
    </div>
  );
}
