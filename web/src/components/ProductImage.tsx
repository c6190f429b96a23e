// One way to show a product's image: an uploaded image (media:<sha>) as a <picture> offering AVIF then WebP at
// every served width, so the browser picks the smallest that fills the slot; a static asset as a plain <img>.
import { imageSrcSet, imageUrl, isMediaRef } from '#contracts/catalog/images.ts';

export interface ProductImageProps {
  /** An image reference: "/art/covers/book-1.svg" or "media:<64 hex>". */
  src: string;
  alt: string;
  width: number | string;
  height: number | string;
  /** How wide the image shows, for the browser's choice among the widths: e.g. "(max-width: 600px) 100vw, 300px". */
  sizes?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
}

export function ProductImage({ src, alt, width, height, sizes, loading, fetchPriority, className }: ProductImageProps) {
  if (!isMediaRef(src)) {
    return (
      <img
        className={className}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    );
  }
  const slotSizes = sizes ?? `${String(width)}px`;
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(src, 'avif')} sizes={slotSizes} />
      <source type="image/webp" srcSet={imageSrcSet(src, 'webp')} sizes={slotSizes} />
      <img
        className={className}
        src={imageUrl(src, 640, 'webp')}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    </picture>
  );
}
