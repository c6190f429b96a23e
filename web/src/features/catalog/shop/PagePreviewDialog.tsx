// A book's page preview: a "Preview Pages" button opening one page at a time with previous/next and
// "Page N of M" (its code loads when first wanted).
import { Button } from '@radix-ui/themes';
import type { PreviewPage } from '#contracts/catalog/model.ts';
import { lazyDialog, useLazyDialog } from '../../../components/lazyDialog.tsx';
import { BookOpenIcon } from '../../../components/icons.tsx';

const previewDialog = lazyDialog(() => import('./PagePreviewContent.tsx').then((m) => m.PagePreviewContent));

export function PagePreviewDialog({ title, pages }: { title: string; pages: PreviewPage[] }) {
  const dialog = useLazyDialog(previewDialog);
  return (
    <>
      <Button ref={dialog.triggerRef} variant="soft" size="2" {...dialog.triggerProps}>
        <BookOpenIcon size={16} />
        Preview Pages
      </Button>
      {dialog.render({ title, pages })}
    </>
  );
}
