// "This is a gift" at checkout (decision 085): a tick, a message for the packing slip (which then shows no prices), and,
// where the page takes the address itself, someone else to send it to. Pages that take the address on the payment page
// (the hosted checkout, the wallet sheet) offer the message only: the recipient's address is entered there.
import { Checkbox, Flex, Grid, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId } from 'react';
import { giftMessageMaxLength, giftTexts } from '../../../../contracts/checkout/gift.ts';
import { defaultCountry } from '../../../../contracts/shared/constants.ts';
import { CountrySelect } from '../../components/CountrySelect.tsx';
import { LabelledField } from '../../components/LabelledField.tsx';

export type GiftDraft = {
  isGift: boolean;
  message: string;
  separate: boolean;
  name: string;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  country: string;
};

export const noGift: GiftDraft = {
  isGift: false,
  message: '',
  separate: false,
  name: '',
  line1: '',
  line2: '',
  city: '',
  postcode: '',
  country: defaultCountry,
};

/** The recipient's fields a gift sent to someone else must have, by name, for the page's own "missing" check. */
export const missingRecipientFields = (draft: GiftDraft): boolean =>
  draft.isGift && draft.separate && [draft.name, draft.line1, draft.city, draft.postcode].some((f) => !f.trim());

/** The request's `gift` where the payment page takes the address: the message only; nothing when not ticked. */
export const giftMessageRequestOf = (draft: GiftDraft) => (draft.isGift ? { message: draft.message } : undefined);

/** The request's `gift` on a page that takes the address itself; nothing when the box is not ticked. */
export function giftRequestOf(draft: GiftDraft) {
  if (!draft.isGift) return undefined;
  if (!draft.separate) return { message: draft.message };
  return {
    message: draft.message,
    recipient: {
      name: draft.name,
      address: {
        line1: draft.line1,
        ...(draft.line2.trim() ? { line2: draft.line2 } : {}),
        city: draft.city,
        postal_code: draft.postcode,
        country: draft.country,
      },
    },
  };
}

export function GiftFields({
  value,
  onChange,
  withRecipient,
}: {
  value: GiftDraft;
  onChange: (next: GiftDraft) => void;
  withRecipient: boolean;
}) {
  const id = useId();
  const set = (field: keyof GiftDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...value, [field]: e.target.value });
  return (
    <Flex direction="column" gap="3" data-testid="gift-fields">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox checked={value.isGift} onCheckedChange={(c) => onChange({ ...value, isGift: c === true })} />
          {giftTexts.checkbox}
        </Flex>
      </Text>
      {value.isGift && (
        <>
          <LabelledField id={`${id}-message`} label={giftTexts.message}>
            <TextArea
              id={`${id}-message`}
              value={value.message}
              onChange={set('message')}
              maxLength={giftMessageMaxLength}
              aria-describedby={`${id}-message-hint`}
              rows={3}
            />
          </LabelledField>
          <Text as="p" size="1" color="gray" id={`${id}-message-hint`}>
            {giftTexts.messageHint} ({value.message.length}/{giftMessageMaxLength})
          </Text>
          {withRecipient && (
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox
                  checked={value.separate}
                  onCheckedChange={(c) => onChange({ ...value, separate: c === true })}
                />
                {giftTexts.separateRecipient}
              </Flex>
            </Text>
          )}
          {withRecipient && value.separate && (
            <Flex direction="column" gap="3" role="group" aria-label="Recipient">
              <LabelledField id={`${id}-name`} label={`${giftTexts.recipientName} *`}>
                <TextField.Root id={`${id}-name`} value={value.name} onChange={set('name')} required />
              </LabelledField>
              <LabelledField id={`${id}-line1`} label="Recipient Address Line 1 *">
                <TextField.Root id={`${id}-line1`} value={value.line1} onChange={set('line1')} required />
              </LabelledField>
              <LabelledField id={`${id}-line2`} label="Recipient Address Line 2">
                <TextField.Root id={`${id}-line2`} value={value.line2} onChange={set('line2')} />
              </LabelledField>
              <Grid columns={{ initial: '1', xs: '2' }} gap="3">
                <LabelledField id={`${id}-city`} label="Recipient City *">
                  <TextField.Root id={`${id}-city`} value={value.city} onChange={set('city')} required />
                </LabelledField>
                <LabelledField id={`${id}-postcode`} label="Recipient Postcode *">
                  <TextField.Root id={`${id}-postcode`} value={value.postcode} onChange={set('postcode')} required />
                </LabelledField>
              </Grid>
              <LabelledField id={`${id}-country`} label="Recipient Country">
                <CountrySelect
                  id={`${id}-country`}
                  value={value.country}
                  onChange={(country) => onChange({ ...value, country })}
                />
              </LabelledField>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}
