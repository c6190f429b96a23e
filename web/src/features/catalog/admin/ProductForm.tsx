// The form to add a product or edit one: its words, its address (suggested from the title), price in pounds (sent as
// pence), kind, VAT rate, ages, cover and preview pages (uploaded here, in order, each with the text a screen reader
// says), whether it is on sale, its place in the order, its customs details (weight, tariff code, country of origin;
// decision 098) and a short note of why. An edit sends only what changed.
import { Button, Callout, Checkbox, Flex, IconButton, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import * as v from 'valibot';
import { catalogueApi, type CatalogueProduct } from '#contracts/catalog/adminApi.ts';
import {
  customsMessages,
  HsCodeSchema,
  isoCountryCodes,
  isoCountryName,
  WeightGramsSchema,
} from '#contracts/catalog/customs.ts';
import { productKinds, type PreviewPage, type ProductKind } from '#contracts/catalog/model.ts';
import { kindCustoms, productCustomsOf, productPriceLimits } from '#contracts/catalog/product.ts';
import { SlugSchema, slugOf } from '#contracts/catalog/slug.ts';
import { penceToPoundsString } from '#contracts/shared/money.ts';
import { formatRate } from '#contracts/vat/rates.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { ChevronDownIcon, ChevronUpIcon, TrashIcon } from '../../../components/icons.tsx';
import { ProductImage } from '../../../components/ProductImage.tsx';
import { call, serverMessage } from '../../../lib/api.ts';
import { useCatalogueChange } from './useCatalogueChange.ts';
import { uploadImage } from './uploadImage.ts';

const kindNames: Record<ProductKind, string> = { story: 'Story book', poster: 'Poster' };
/** The UK's rates (decision 068): picture books are zero-rated, a poster standard-rated. */
const vatRates = [0, 500, 2000] as const;
const acceptedImages = 'image/jpeg,image/png,image/webp';
/** Every country an origin may name, by name. */
const origins = [...isoCountryCodes]
  .map((code) => ({ code, name: isoCountryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));

/** "£12.99", "12.99", "12" → pence; null for anything else. */
export function penceOf(pounds: string): number | null {
  const match = /^£?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(pounds.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

type Draft = {
  title: string;
  slug: string;
  description: string;
  price: string;
  kind: ProductKind;
  vatRate: number;
  ageFrom: string;
  ageTo: string;
  coverImage: string;
  coverAlt: string;
  previewPages: PreviewPage[];
  published: boolean;
  sortOrder: string;
  /** customs (decision 098): a new product's empty fields take its kind's details from the content file */
  weightGrams: string;
  hsCode: string;
  origin: string;
  reason: string;
};

const draftOf = (product: CatalogueProduct | undefined): Draft => ({
  title: product?.title ?? '',
  slug: product?.slug ?? '',
  description: product?.description ?? '',
  price: product ? penceToPoundsString(product.price) : '',
  kind: product?.kind ?? 'story',
  vatRate: product?.vatRate ?? 0,
  ageFrom: product?.ageRange ? String(product.ageRange.from) : '',
  ageTo: product?.ageRange ? String(product.ageRange.to) : '',
  coverImage: product?.coverImage ?? '',
  coverAlt: product?.coverAlt ?? '',
  previewPages: product?.previewPages.map((p) => ({ ...p })) ?? [],
  published: product?.published ?? true,
  sortOrder: product ? String(product.sortOrder) : '',
  weightGrams: product ? String(product.weightGrams) : '',
  hsCode: product?.hsCode ?? '',
  origin: product?.origin ?? productCustomsOf({ kind: 'story' }).origin,
  reason: '',
});

type Errors = Partial<
  Record<'title' | 'slug' | 'description' | 'price' | 'ages' | 'cover' | 'sortOrder' | 'weight' | 'hsCode', string>
>;

/** The customs fields as sent: a number of grams, the code as written, the origin; left out when empty. */
function customsOfDraft(draft: Draft) {
  return {
    ...(draft.weightGrams.trim() ? { weightGrams: Number(draft.weightGrams.trim()) } : {}),
    ...(draft.hsCode.trim() ? { hsCode: draft.hsCode.trim() } : {}),
    origin: draft.origin,
  };
}

function check(draft: Draft, editing: boolean): Errors {
  const errors: Errors = {};
  if (!draft.title.trim()) errors.title = 'Give the product a title.';
  if (!v.is(SlugSchema, draft.slug)) errors.slug = 'Use lower-case letters and digits joined by single hyphens.';
  if (!draft.description.trim()) errors.description = 'Say a few words about it.';
  const pence = penceOf(draft.price);
  if (pence === null || pence < productPriceLimits.min || pence > productPriceLimits.max)
    errors.price = 'Enter a price from £0.01 to £1,000.00, like 9.99.';
  const ages = [draft.ageFrom, draft.ageTo].map((a) => a.trim());
  if (ages.some((a) => a !== '')) {
    const [from, to] = ages.map(Number);
    if (ages.some((a) => !/^\d{1,2}$/.test(a)) || from! > to! || to! > 18)
      errors.ages = 'Enter both ages in whole years, the younger first, up to 18.';
  }
  if (!draft.coverImage) errors.cover = 'Upload a cover.';
  if (draft.sortOrder.trim() && !/^\d{1,6}$/.test(draft.sortOrder.trim()))
    errors.sortOrder = 'The place is a whole number: lower shows first.';
  const weight = draft.weightGrams.trim();
  if ((weight || editing) && (!/^\d+$/.test(weight) || !v.is(WeightGramsSchema, Number(weight))))
    errors.weight = `${customsMessages.weight}.`;
  if ((draft.hsCode.trim() || editing) && !v.is(HsCodeSchema, draft.hsCode))
    errors.hsCode = `${customsMessages.hsCode}.`;
  return errors;
}

export function ProductForm({ product, onDone }: { product: CatalogueProduct | undefined; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [slugTouched, setSlugTouched] = useState(Boolean(product));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const change = useCatalogueChange();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onTitle = (title: string) =>
    setDraft((d) => ({ ...d, title, ...(slugTouched ? {} : { slug: slugOf(title) }) }));

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
  const onCover = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, 1);
    event.target.value = '';
    if (files.length) void upload(files, ([ref]) => set('coverImage', ref!));
  };
  const onPages = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length)
      void upload(files, (refs) =>
        setDraft((d) => ({ ...d, previewPages: [...d.previewPages, ...refs.map((image) => ({ image, alt: '' }))] })),
      );
  };
  const setPage = (index: number, page: PreviewPage | null) =>
    setDraft((d) => ({
      ...d,
      previewPages: page
        ? d.previewPages.map((p, i) => (i === index ? page : p))
        : d.previewPages.filter((_, i) => i !== index),
    }));
  const movePage = (index: number, by: -1 | 1) =>
    setDraft((d) => {
      const pages = [...d.previewPages];
      const [moved] = pages.splice(index, 1);
      pages.splice(index + by, 0, moved!);
      return { ...d, previewPages: pages };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft, Boolean(product));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ageRange = draft.ageFrom.trim() ? { from: Number(draft.ageFrom), to: Number(draft.ageTo) } : null;
    const fields = {
      title: draft.title.trim(),
      slug: draft.slug,
      kind: draft.kind,
      description: draft.description.trim(),
      price: penceOf(draft.price)!,
      vatRate: draft.vatRate,
      coverImage: draft.coverImage,
      coverAlt: draft.coverAlt.trim(),
      previewPages: draft.previewPages.map((p) => ({ image: p.image, alt: p.alt.trim() })),
      published: draft.published,
      ...(draft.sortOrder.trim() ? { sortOrder: Number(draft.sortOrder) } : {}),
      ...customsOfDraft(draft),
      reason: draft.reason.trim(),
    };
    change.mutate(
      async () => {
        if (!product) return call(catalogueApi.add, { body: { ...fields, ...(ageRange ? { ageRange } : {}) } });
        // Only what changed: the server records those fields and nothing else.
        const before: Record<string, unknown> = { ...product, ageRange: product.ageRange ?? null };
        const after: Record<string, unknown> = { ...fields, ageRange };
        const changed = Object.fromEntries(
          Object.entries(after).filter(
            ([key, value]) => key === 'reason' || JSON.stringify(before[key]) !== JSON.stringify(value),
          ),
        );
        return call(catalogueApi.edit, { params: { id: product.id }, body: changed });
      },
      { onSuccess: onDone },
    );
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const described = (name: keyof Errors) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {};
  const rates = vatRates.includes(draft.vatRate as (typeof vatRates)[number])
    ? vatRates
    : [...vatRates, draft.vatRate].sort((a, b) => a - b);

  return (
    <form
      onSubmit={submit}
      className="catalogue-form"
      noValidate
      aria-label={product ? `Edit ${product.title}` : 'Add a product'}
    >
      <LabelledField id={fieldId('title')} label="Title" error={errors.title}>
        <TextField.Root
          id={fieldId('title')}
          value={draft.title}
          maxLength={120}
          onChange={(e) => onTitle(e.target.value)}
          {...described('title')}
        />
      </LabelledField>
      <LabelledField id={fieldId('slug')} label="Address (/books/…)" error={errors.slug}>
        <TextField.Root
          id={fieldId('slug')}
          value={draft.slug}
          maxLength={80}
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', e.target.value);
          }}
          {...described('slug')}
        />
      </LabelledField>
      <div className="catalogue-form__wide">
        <LabelledField id={fieldId('description')} label="Description" error={errors.description}>
          <TextArea
            id={fieldId('description')}
            rows={4}
            value={draft.description}
            maxLength={5000}
            onChange={(e) => set('description', e.target.value)}
            {...described('description')}
          />
        </LabelledField>
      </div>
      <LabelledField id={fieldId('price')} label="Price (£)" error={errors.price}>
        <TextField.Root
          id={fieldId('price')}
          inputMode="decimal"
          placeholder="9.99"
          value={draft.price}
          onChange={(e) => set('price', e.target.value)}
          {...described('price')}
        />
      </LabelledField>
      <LabelledField id={fieldId('kind')} label="Kind">
        <select id={fieldId('kind')} value={draft.kind} onChange={(e) => set('kind', e.target.value as ProductKind)}>
          {productKinds.map((kind) => (
            <option key={kind} value={kind}>
              {kindNames[kind]}
            </option>
          ))}
        </select>
      </LabelledField>
      <LabelledField id={fieldId('vat')} label={product ? 'VAT rate (from today)' : 'VAT rate'}>
        <select id={fieldId('vat')} value={draft.vatRate} onChange={(e) => set('vatRate', Number(e.target.value))}>
          {rates.map((rate) => (
            <option key={rate} value={rate}>
              {formatRate(rate)}
            </option>
          ))}
        </select>
      </LabelledField>
      <fieldset className="catalogue-ages" aria-describedby={errors.ages ? `${fieldId('ages')}-error` : undefined}>
        <legend>
          <Text size="2" weight="medium">
            Ages (optional)
          </Text>
        </legend>
        <LabelledField id={fieldId('ageFrom')} label="From">
          <TextField.Root
            id={fieldId('ageFrom')}
            inputMode="numeric"
            value={draft.ageFrom}
            onChange={(e) => set('ageFrom', e.target.value)}
          />
        </LabelledField>
        <LabelledField id={fieldId('ageTo')} label="To">
          <TextField.Root
            id={fieldId('ageTo')}
            inputMode="numeric"
            value={draft.ageTo}
            onChange={(e) => set('ageTo', e.target.value)}
          />
        </LabelledField>
        {errors.ages && (
          <Text id={`${fieldId('ages')}-error`} size="1" color="red" role="alert">
            {errors.ages}
          </Text>
        )}
      </fieldset>
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
            <LabelledField id={fieldId('cover')} label="Upload a cover (JPEG, PNG or WebP)" error={errors.cover}>
              <input id={fieldId('cover')} type="file" accept={acceptedImages} onChange={onCover} />
            </LabelledField>
            <LabelledField id={fieldId('coverAlt')} label="What the cover shows (for screen readers)">
              <TextField.Root
                id={fieldId('coverAlt')}
                value={draft.coverAlt}
                maxLength={300}
                onChange={(e) => set('coverAlt', e.target.value)}
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
      <fieldset className="catalogue-form__wide catalogue-customs">
        <legend>
          <Text size="2" weight="medium">
            Customs, for parcels abroad
          </Text>
        </legend>
        <LabelledField id={fieldId('weight')} label="Weight of one copy (grams)" error={errors.weight}>
          <TextField.Root
            id={fieldId('weight')}
            inputMode="numeric"
            placeholder={String(kindCustoms(draft.kind).weightGrams)}
            value={draft.weightGrams}
            onChange={(e) => set('weightGrams', e.target.value)}
            {...described('weight')}
          />
        </LabelledField>
        <LabelledField id={fieldId('hsCode')} label="HS tariff code" error={errors.hsCode}>
          <TextField.Root
            id={fieldId('hsCode')}
            placeholder={kindCustoms(draft.kind).hsCode}
            value={draft.hsCode}
            maxLength={13}
            onChange={(e) => set('hsCode', e.target.value)}
            {...described('hsCode')}
          />
        </LabelledField>
        <LabelledField id={fieldId('origin')} label="Country of origin">
          <select id={fieldId('origin')} value={draft.origin} onChange={(e) => set('origin', e.target.value)}>
            {origins.map(({ code, name }) => (
              <option key={code} value={code}>
                {name} ({code})
              </option>
            ))}
          </select>
        </LabelledField>
      </fieldset>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox checked={draft.published} onCheckedChange={(checked) => set('published', checked === true)} />
          On sale in the shop
        </Flex>
      </Text>
      <LabelledField
        id={fieldId('sortOrder')}
        label="Place in the shop's order (lower shows first)"
        error={errors.sortOrder}
      >
        <TextField.Root
          id={fieldId('sortOrder')}
          inputMode="numeric"
          placeholder="After the others"
          value={draft.sortOrder}
          onChange={(e) => set('sortOrder', e.target.value)}
          {...described('sortOrder')}
        />
      </LabelledField>
      <div className="catalogue-form__wide">
        <LabelledField id={fieldId('reason')} label="Why (optional, kept with the change)">
          <TextField.Root
            id={fieldId('reason')}
            value={draft.reason}
            maxLength={200}
            placeholder="e.g. new for the spring"
            onChange={(e) => set('reason', e.target.value)}
          />
        </LabelledField>
      </div>
      <Flex gap="3" className="catalogue-form__wide">
        <Button type="submit" disabled={change.isPending || uploading > 0}>
          {change.isPending ? 'Saving...' : product ? 'Save changes' : 'Add to the catalogue'}
        </Button>
        <Button type="button" variant="soft" color="gray" onClick={onDone}>
          Cancel
        </Button>
      </Flex>
    </form>
  );
}
