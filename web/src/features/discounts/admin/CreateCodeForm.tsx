// The owner's form for a new discount code. It sends what was typed (pounds as pence, local times as instants) and
// the server checks it: each refusal it names a field for is shown under that field, any other above the button.
import { Button, Callout, Checkbox, Flex, RadioGroup, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { discountsApi } from '#contracts/discounts/api.ts';
import type { CreateDiscountCodeBody, DiscountKind } from '#contracts/discounts/model.ts';
import { poundsToPence } from '#contracts/shared/money.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { ApiError, call, serverMessage } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { instantOf } from './discountFormat.ts';

type Field = 'code' | 'kind' | 'amount' | 'validFrom' | 'validUntil' | 'maxUses' | 'minimumBasket' | 'oncePerEmail';
const fields: readonly string[] = [
  'code',
  'kind',
  'amount',
  'validFrom',
  'validUntil',
  'maxUses',
  'minimumBasket',
  'oncePerEmail',
] satisfies Field[];

/** The server's refusal split into the fields it names (the first message of each) and the rest, for the form. */
function refusalOf(error: unknown): { fields: Partial<Record<Field, string>>; form?: string } {
  if (!error) return { fields: {} };
  const byField: Partial<Record<Field, string>> = {};
  if (error instanceof ApiError && error.status === 400) {
    try {
      const body = JSON.parse(error.bodyText) as { issues?: { field?: unknown; message?: unknown }[] };
      for (const issue of body.issues ?? []) {
        if (typeof issue.field === 'string' && fields.includes(issue.field) && typeof issue.message === 'string')
          byField[issue.field as Field] ??= issue.message;
      }
    } catch {
      // A body that is not JSON names no field; its text is the form's message.
    }
  }
  const message = serverMessage(error) ?? 'The code could not be created. Please try again.';
  const named = Object.values(byField);
  return { fields: byField, ...(named.includes(message) ? {} : { form: message }) };
}

/** What the form sends: blank optional fields are left out, numbers as typed (the server says what is wrong). */
function bodyOf(form: FormState): CreateDiscountCodeBody {
  const number = (text: string) => (text.trim() === '' ? NaN : Number(text));
  const validFrom = instantOf(form.validFrom);
  const validUntil = instantOf(form.validUntil);
  return {
    code: form.code,
    kind: form.kind,
    amount: form.kind === 'percent' ? number(form.amount) : poundsToPence(number(form.amount)),
    ...(validFrom ? { validFrom } : {}),
    ...(validUntil ? { validUntil } : {}),
    ...(form.maxUses.trim() ? { maxUses: number(form.maxUses) } : {}),
    oncePerEmail: form.oncePerEmail,
    ...(form.minimumBasket.trim() ? { minimumBasket: poundsToPence(number(form.minimumBasket)) } : {}),
  };
}

type FormState = {
  code: string;
  kind: DiscountKind;
  amount: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  oncePerEmail: boolean;
  minimumBasket: string;
};
const blank: FormState = {
  code: '',
  kind: 'percent',
  amount: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  oncePerEmail: false,
  minimumBasket: '',
};

export function CreateCodeForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  const [form, setForm] = useState<FormState>(blank);
  const create = useMutation({
    mutationFn: () => call(discountsApi.create, { body: bodyOf(form) }),
    onSuccess: (created) => {
      toast({ title: 'Discount Code Created', description: `${created.code}: ${created.description}.` });
      setForm(blank);
      void queryClient.invalidateQueries({ queryKey: [discountsApi.list.path] });
    },
    onError: (error) => void sessionExpired(error),
  });
  const refusal = refusalOf(create.error);
  const set = (field: keyof FormState) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const field = (name: Field, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} error={refusal.fields[name]} hint={hint} control={control} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Create a discount code" className="discount-form">
      {field(
        'code',
        'Code',
        (props) => (
          <TextField.Root
            {...props}
            value={form.code}
            onChange={set('code')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
          />
        ),
        '3 to 32 letters, numbers or hyphens, such as SPRING-10.',
      )}
      <fieldset className="discount-form__kind" aria-describedby={refusal.fields.kind ? `${id}-kind-error` : undefined}>
        <legend>
          <Text size="2" weight="medium">
            Saving
          </Text>
        </legend>
        <RadioGroup.Root
          value={form.kind}
          onValueChange={(kind) => setForm((f) => ({ ...f, kind: kind as DiscountKind }))}
          name="kind"
        >
          <Flex gap="4" wrap="wrap">
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <RadioGroup.Item value="percent" /> Percentage off
              </Flex>
            </Text>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <RadioGroup.Item value="fixed" /> Fixed amount off
              </Flex>
            </Text>
          </Flex>
        </RadioGroup.Root>
        {refusal.fields.kind && (
          <Text id={`${id}-kind-error`} size="1" color="red" role="alert">
            {refusal.fields.kind}
          </Text>
        )}
      </fieldset>
      {field('amount', form.kind === 'percent' ? 'Percentage off (%)' : 'Amount off (£)', (props) => (
        <TextField.Root
          {...props}
          inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
          value={form.amount}
          onChange={set('amount')}
        />
      ))}
      <div className="discount-form__pair">
        {field(
          'validFrom',
          'Valid from (optional)',
          (props) => (
            <TextField.Root {...props} type="datetime-local" value={form.validFrom} onChange={set('validFrom')} />
          ),
          'UK time. Blank: from now.',
        )}
        {field(
          'validUntil',
          'Valid until (optional)',
          (props) => (
            <TextField.Root {...props} type="datetime-local" value={form.validUntil} onChange={set('validUntil')} />
          ),
          'UK time. Blank: until you end it.',
        )}
      </div>
      <div className="discount-form__pair">
        {field(
          'maxUses',
          'Total use limit (optional)',
          (props) => (
            <TextField.Root {...props} inputMode="numeric" value={form.maxUses} onChange={set('maxUses')} />
          ),
          'Orders in all. Blank: no limit.',
        )}
        {field(
          'minimumBasket',
          'Minimum basket £ (optional)',
          (props) => (
            <TextField.Root {...props} inputMode="decimal" value={form.minimumBasket} onChange={set('minimumBasket')} />
          ),
          'The books after the bundle saving, before delivery.',
        )}
      </div>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox
            checked={form.oncePerEmail}
            onCheckedChange={(checked) => setForm((f) => ({ ...f, oncePerEmail: checked === true }))}
          />
          One use per e-mail address
        </Flex>
      </Text>
      <Refusal message={refusal.form} />
      <Flex>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create code'}
        </Button>
      </Flex>
    </form>
  );
}

type ControlProps = { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** A labelled control with its hint and the server's refusal under it, both read out with the control. */
function FormField({
  id,
  label,
  hint,
  error,
  control,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  control: (props: ControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <Flex direction="column" gap="1" className="discount-form__field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {control({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      )}
      {error && (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}

/** A refusal the server named no field for, above the form's button. */
function Refusal({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}
