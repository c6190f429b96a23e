// A product's cover and preview pages on its form: each uploaded as it is chosen (pages several at once, in order), each
// with the text a screen reader says, pages moved up or down or removed; and how many images are still uploading.
import { Callout, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useState, type ChangeEvent } from 'react';
import type { PreviewPage } from '#contracts/catalog/model.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { ChevronDownIcon, ChevronUpIcon, TrashIcon } from '../../../components/icons.tsx';
import { ProductImage } from '../../../components/ProductImage.tsx';
import { serverMessage } from '../../../lib/api.ts';
import type { Draft } from './productDraft.ts';
import { uploadImage } from './uploadImage.ts';

const acceptedImages = 'image/jpeg,image/png,image/webp';

type Images = Pick<Draft, 'coverImage' | 'coverAlt' | 'previewPages'>;

/** Uploads under way, and the last one's failure: the form is not saved while an image is uploading. */
export function useUploads() {
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  async function upload(files: readonly File[], took: (refs: string[]) => void) {
    setUploadError(null);
    setUploading((n) => n + files.length);
    try {
      const refs: string[] = [];
      for (const file of files) refs.push((await uploadImage(file)).ref);
      took(refs);
    } catch (error) {
      setUploadError(serverMessage(error) ?? 'The image could not be uploaded. Please try again.');
    } finally {
      setUploading((n) => n - files.length);
    }
  }
  return { uploading, uploadError, upload };
}

export function ProductImages({
  draft,
  change,
  uploads: { uploading, uploadError, upload },
  coverError,
  fieldId,
}: {
  draft: Images;
  change: (update: (images: Images) => Partial<Images>) => void;
  uploads: ReturnType<typeof useUploads>;
  coverError: string | undefined;
  fieldId: (name: string) => string;
}) {
  const onCover = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, 1);
    event.target.value = '';
    if (files.length) void upload(files, ([ref]) => change(() => ({ coverImage: ref! })));
  };
  const onPages = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length)
      void upload(files, (refs) =>
        change((d) => ({ previewPages: [...d.previewPages, ...refs.map((image) => ({ image, alt: '' }))] })),
      );
  };
  const setPage = (index: number, page: PreviewPage | null) =>
    change((d) => ({
      previewPages: page
        ? d.previewPages.map((p, i) => (i === index ? page : p))
        : d.previewPages.filter((_, i) => i !== index),
    }));
  const movePage = (index: number, by: -1 | 1) =>
    change((d) => {
      const pages = [...d.previewPages];
      const [moved] = pages.splice(index, 1);
      pages.splice(index + by, 0, moved!);
      return { previewPages: pages };
    });

  return (
    <>
      <div className="catalogue-form__wide">
        <Text as="p" size="2" weight="medium" mb="2">
          Cover
        </Text>
        <div className="catalogue-image">
          {draft.coverImage && (
            <ProductImage
              className="catalogue-thumb"
              src={draft.coverImage}
              alt="The cover as uploaded"
              width={48}
              height={64}
              sizes="48px"
            />
          )}
          <div className="catalogue-image__fields">
            <LabelledField id={fieldId('cover')} label="Upload a cover (JPEG, PNG or WebP)" error={coverError}>
              <input id={fieldId('cover')} type="file" accept={acceptedImages} onChange={onCover} />
            </LabelledField>
            <LabelledField id={fieldId('coverAlt')} label="What the cover shows (for screen readers)">
              <TextField.Root
                id={fieldId('coverAlt')}
                value={draft.coverAlt}
                maxLength={300}
                onChange={(e) => change(() => ({ coverAlt: e.target.value }))}
              />
            </LabelledField>
          </div>
        </div>
      </div>
      <div className="catalogue-form__wide">
        <Text as="p" size="2" weight="medium" mb="2">
          Preview pages, in order
        </Text>
        {draft.previewPages.length > 0 && (
          <ol className="catalogue-images" aria-label="Preview pages">
            {draft.previewPages.map((page, index) => (
              <li key={`${page.image}-${index}`} className="catalogue-image" data-testid="catalogue-page">
                <ProductImage
                  className="catalogue-thumb"
                  src={page.image}
                  alt={`Page ${index + 1}`}
                  width={48}
                  height={64}
                  sizes="48px"
                />
                <div className="catalogue-image__fields">
                  <LabelledField id={fieldId(`page-${index}`)} label={`What page ${index + 1} shows`}>
                    <TextField.Root
                      id={fieldId(`page-${index}`)}
                      value={page.alt}
                      maxLength={300}
                      onChange={(e) => setPage(index, { ...page, alt: e.target.value })}
                    />
                  </LabelledField>
                </div>
                <Flex gap="1">
                  <IconButton
                    type="button"
                    size="1"
                    variant="soft"
                    aria-label={`Move page ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => movePage(index, -1)}
                  >
                    <ChevronUpIcon size={14} />
                  </IconButton>
                  <IconButton
                    type="button"
                    size="1"
                    variant="soft"
                    aria-label={`Move page ${index + 1} down`}
                    disabled={index === draft.previewPages.length - 1}
                    onClick={() => movePage(index, 1)}
                  >
                    <ChevronDownIcon size={14} />
                  </IconButton>
                  <IconButton
                    type="button"
                    size="1"
                    variant="soft"
                    color="red"
                    aria-label={`Remove page ${index + 1}`}
                    onClick={() => setPage(index, null)}
                  >
                    <TrashIcon size={14} />
                  </IconButton>
                </Flex>
              </li>
            ))}
          </ol>
        )}
        <LabelledField id={fieldId('pages')} label="Add pages (JPEG, PNG or WebP; several at once in order)">
          <input id={fieldId('pages')} type="file" accept={acceptedImages} multiple onChange={onPages} />
        </LabelledField>
      </div>
      {uploading > 0 && (
        <Text size="2" role="status" className="catalogue-form__wide">
          Uploading {uploading} {uploading === 1 ? 'image' : 'images'}...
        </Text>
      )}
      {uploadError && (
        <Callout.Root color="red" role="alert" className="catalogue-form__wide">
          <Callout.Text>{uploadError}</Callout.Text>
        </Callout.Root>
      )}
    </>
  );
}
