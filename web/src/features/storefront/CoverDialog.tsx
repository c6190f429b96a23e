// A book's cover on its card, which opens larger in a dialog.
import { Dialog, Flex, IconButton } from '@radix-ui/themes';
import { CloseIcon, ZoomIcon } from './icons.tsx';
import { useNearViewport } from './useNearViewport.ts';

export function CoverDialog({ title, image, alt }: { title: string; image: string; alt: string }) {
  const [ref, near] = useNearViewport<HTMLButtonElement>();
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <button ref={ref} type="button" className="cover-button" aria-label={`Enlarge the cover of ${title}`}>
          {near ? <img src={image} alt={alt} width="300" height="400" /> : <span className="cover-button__placeholder" role="img" aria-label={alt} />}
          <span className="cover-button__hint" aria-hidden="true">
            <ZoomIcon size={18} />
          </span>
        </button>
      </Dialog.Trigger>
      <Dialog.Content size="3" maxWidth="560px" className="cover-dialog">
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title size="5">{title}</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close cover">
              <CloseIcon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Dialog.Description className="visually-hidden">{alt}</Dialog.Description>
        <img className="cover-dialog__image" src={image} alt={alt} width="600" height="800" />
      </Dialog.Content>
    </Dialog.Root>
  );
}
