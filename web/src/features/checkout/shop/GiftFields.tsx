// "This is a gift" at checkout (decisions 085 and 110): a tick, a message for the packing slip (which then shows no
// prices), and, on every checkout page, someone else to send it to: their name, address and, for a gift note when the
// parcel is on its way, their e-mail. The recipient's country is one of the shop's destinations, and decides the rate.
import { Checkbox, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { giftMessageMaxLength, giftTexts } from '#contracts/checkout/gift.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { AddressFields, blankAddress } from '../../../components/AddressFields.tsx';
import { shippingRatesQuery } from './shipping.ts';

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
  email: string;
  notify: boolean;
};

export const noGift: GiftDraft = {
  isGift: false,
  message: '',
  separate: false,
  name: '',
  ...blankAddress,
  email: '',
  notify: false,
};

/** Whether the gift goes to someone else: then their country, not the page's destination, decides the rate. */
export const sendsToRecipient = (draft: GiftDraft) => draft.isGift && draft.separate;

/** The recipient's fields a gift sent to someone else must have, by name, for the page's own "missing" check. */
export const missingRecipientFields = (draft: GiftDraft): boolean =>
  sendsToRecipient(draft) &&
  ([draft.name, draft.line1, draft.city, draft.postcode].some((f) => !f.trim()) ||
    (draft.notify && !draft.email.trim()));

/** The request's `gift`; nothing when the box is not ticked. The server checks every field (a 400 names it). */
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
      ...(draft.email.trim() ? { email: draft.email.trim() } : {}),
      ...(draft.notify ? { notify: true } : {}),
    },
  };
}

export function GiftFields({
  value,
  onChange,
  startCountry,
}: {
  value: GiftDraft;
  onChange: (next: GiftDraft) => void;
  /** the page's destination: where a recipient's country starts when "Send it to someone else" is ticked */
  startCountry?: string | null | undefined;
}) {
  const id = useId();
  const destinations = useQuery(shippingRatesQuery).data?.destinations ?? [];
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
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Checkbox
                checked={value.separate}
                onCheckedChange={(c) =>
                  onChange({
                    ...value,
                    separate: c === true,
                    // The recipient starts where the page's parcel was going; the shopper may choose another.
                    ...(c === true && !value.separate && startCountry ? { country: startCountry } : {}),
                  })
                }
              />
              {giftTexts.separateRecipient}
            </Flex>
          </Text>
          {value.separate && (
            <Flex direction="column" gap="3" role="group" aria-label="Recipient">
              <LabelledField id={`${id}-name`} label={`${giftTexts.recipientName} *`}>
                <TextField.Root id={`${id}-name`} value={value.name} onChange={set('name')} required />
              </LabelledField>
              <AddressFields
                id={id}
                value={value}
                onChange={(change) => onChange({ ...value, ...change })}
                countries={destinations}
                labelPrefix="Recipient "
                required
              />
              <LabelledField id={`${id}-email`} label={giftTexts.recipientEmail}>
                <TextField.Root id={`${id}-email`} type="email" value={value.email} onChange={set('email')} />
              </LabelledField>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={value.notify}
                    onCheckedChange={(c) => onChange({ ...value, notify: c === true })}
                  />
                  {giftTexts.noteToRecipient}
                </Flex>
              </Text>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}
