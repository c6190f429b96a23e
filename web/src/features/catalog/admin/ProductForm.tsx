// The form to add a product or edit one: its words, its address (suggested from the title), price in pounds (sent as
// pence), kind, VAT rate, ages, cover and preview pages (uploaded here, in order, each with the text a screen reader
// says), whether it is on sale, its place in the order, its customs details (weight, tariff code, country of origin;
// decision 098) and a short note of why. An edit sends only what changed.
import { Button, Checkbox, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, useState, type FormEvent } from 'react';
import { catalogueApi, type CatalogueProduct } from '#contracts/catalog/adminApi.ts';
import { isoCountryCodes, isoCountryName } from '#contracts/catalog/customs.ts';
import { productKinds, type ProductKind } from '#contracts/catalog/model.ts';
import { kindCustoms } from '#contracts/catalog/product.ts';
import { slugOf } from '#contracts/catalog/slug.ts';
import { formatRate } from '#contracts/vat/rates.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { call } from '../../../lib/api.ts';
import { ageRangeOf, changesOf, check, draftOf, fieldsOf, type Draft, type Errors } from './productDraft.ts';
import { ProductImages, useUploads } from './ProductImages.tsx';
import { useCatalogueChange } from './useCatalogueChange.ts';

const kindNames: Record<ProductKind, string> = { story: 'Story book', poster: 'Poster' };
/** The UK's rates (decision 068): picture books are zero-rated, a poster standard-rated. */
const vatRates = [0, 500, 2000] as const;
/** Every country an origin may name, by name. */
const origins = [...isoCountryCodes]
  .map((code) => ({ code, name: isoCountryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'));

export function ProductForm({ product, onDone }: { product: CatalogueProduct | undefined; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [slugTouched, setSlugTouched] = useState(Boolean(product));
  const [errors, setErrors] = useState<Errors>({});
  const uploads = useUploads();
  const change = useCatalogueChange();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onTitle = (title: string) =>
    setDraft((d) => ({ ...d, title, ...(slugTouched ? {} : { slug: slugOf(title) }) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft, Boolean(product));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      async () => {
        if (!product) {
          const ageRange = ageRangeOf(draft);
          return call(catalogueApi.add, { body: { ...fieldsOf(draft), ...(ageRange ? { ageRange } : {}) } });
        }
        return call(catalogueApi.edit, { params: { id: product.id }, body: changesOf(product, draft) });
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
      <ProductImages
        draft={draft}
        change={(update) => setDraft((d) => ({ ...d, ...update(d) }))}
        uploads={uploads}
        coverError={errors.cover}
        fieldId={fieldId}
      />
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
        <Button type="submit" disabled={change.isPending || uploads.uploading > 0}>
          {change.isPending ? 'Saving...' : product ? 'Save changes' : 'Add to the catalogue'}
        </Button>
        <Button type="button" variant="soft" color="gray" onClick={onDone}>
          Cancel
        </Button>
      </Flex>
    </form>
  );
}
