// A book's page preview (spec §2): one page at a time with previous/next and "Page N of M".
import { Button, Dialog, Flex, IconButton, Text } from '@radix-ui/themes';
import { useState, type KeyboardEvent } from 'react';
import type { CatalogEntry } from '../../../../contracts/content.ts';
import { BookOpenIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon } from './icons.tsx';

export function PagePreviewDialog({ title, pages }: { title: string; pages: CatalogEntry['previewPages'] }) {
  const [index, setIndex] = useState(0);
  const page = pages[index];
  const last = pages.length - 1;
  const go = (next: number) => setIndex(Math.max(0, Math.min(last, next)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    if (event.key === 'ArrowRight') go(index + 1);
  };

  return (
    <Dialog.Root onOpenChange={(open) => open && setIndex(0)}>
      <Dialog.Trigger>
        <Button variant="soft" size="2">
          <BookOpenIcon size={16} />
          Preview Pages
        </Button>
      </Dialog.Trigger>
      <Dialog.Content size="3" maxWidth="880px" onKeyDown={onKeyDown} className="preview-dialog">
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title size="5">{title}</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close preview">
              <CloseIcon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Dialog.Description className="visually-hidden">A look inside {title}, one page at a time.</Dialog.Description>
        {page && (
          <div className="preview-dialog__page">
            <img key={page.image} src={page.image} alt={page.alt} width="800" height="600" />
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
      </Dialog.Content>
    </Dialog.Root>
  );
}
