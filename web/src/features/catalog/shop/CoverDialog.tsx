// A book's cover on its card, which opens larger in a dialog (its code loads when first wanted).
import { lazyDialog, useLazyDialog } from '../../../components/lazyDialog.tsx';
import { ZoomIcon } from '../../../components/icons.tsx';
import { useNearViewport } from '../../../components/useNearViewport.ts';
import { ProductImage } from '../../../components/ProductImage.tsx';

const coverDialog = lazyDialog(() => import('./CoverDialogContent.tsx').then((m) => m.CoverDialogContent));

export function CoverDialog({ title, image, alt }: { title: string; image: string; alt: string }) {
  const [ref, near] = useNearViewport<HTMLButtonElement>();
  const dialog = useLazyDialog(coverDialog, ref);
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="cover-button"
        aria-label={`Enlarge the cover of ${title}`}
        {...dialog.triggerProps}
      >
        {near ? (
          <ProductImage src={image} alt={alt} width="300" height="400" sizes="(max-width: 640px) 90vw, 300px" />
        ) : (
          <span className="cover-button__placeholder" role="img" aria-label={alt} />
        )}
        <span className="cover-button__hint" aria-hidden="true">
          <ZoomIcon size={18} />
        </span>
      </button>
      {dialog.render({ title, image, alt })}
    </>
  );
}
