// The "Write a Review" dialog: star buttons, name, e-mail and text, checked with the server's own schema.
import { Button, Dialog, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { rating as ratingLimits } from '#contracts/shared/constants.ts';
import { reviewsApi } from '#contracts/reviews/api.ts';
import { SubmitReviewBodySchema } from '#contracts/reviews/model.ts';
import type { DialogControl } from '../../../components/lazyDialog.tsx';
import { toast } from '../../../components/toast/toasts.ts';
import type { BodyOf } from '#contracts/shared/endpoint.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { bookReviewsQuery } from '../reviewQueries.ts';
import { StarPicker } from '../../../components/Stars.tsx';

const submitReview = (body: BodyOf<typeof reviewsApi.submit>) => call(reviewsApi.submit, { body });

type Field = 'customerName' | 'customerEmail' | 'reviewText' | 'rating';
type Errors = Partial<Record<Field, string>>;
const empty = { customerName: '', customerEmail: '', reviewText: '', rating: ratingLimits.default as number };

export function WriteReviewDialog({
  bookId,
  bookTitle,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: { bookId: number; bookTitle: string } & DialogControl) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const ids = { rating: useId(), name: useId(), email: useId(), text: useId() };

  const mutation = useMutation({
    mutationFn: submitReview,
    onSuccess: () => {
      toast({ title: 'Review Submitted', description: reviewsApi.submit.messages.submitted });
      setForm(empty);
      onOpenChange(false);
      void queryClient.invalidateQueries({ queryKey: bookReviewsQuery(bookId).queryKey });
    },
    onError: (error) => {
      toast({
        title: 'Submission Failed',
        description: serverMessage(error) ?? 'An error occurred while submitting your review.',
        variant: 'destructive',
      });
    },
  });

  const change = (field: Field, value: string | number) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(SubmitReviewBodySchema, { bookId, ...form });
    if (!parsed.success) {
      const nested = v.flatten<typeof SubmitReviewBodySchema>(parsed.issues).nested ?? {};
      setErrors(Object.fromEntries(Object.entries(nested).map(([field, messages]) => [field, messages?.[0]])));
      return;
    }
    mutation.mutate(parsed.output);
  };

  const describedBy = (field: Field, id: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  const errorText = (field: Field, id: string) =>
    errors[field] && (
      <Text as="p" size="2" id={`${id}-error`} color="red" mt="1">
        {errors[field]}
      </Text>
    );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="520px" onCloseAutoFocus={onCloseAutoFocus}>
        <Dialog.Title>Write a Review</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          Share what your family thought of {bookTitle}. Reviews appear once they have been approved.
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            <div>
              <Text as="div" size="2" weight="bold" mb="1" id={ids.rating}>
                Your Rating
              </Text>
              <StarPicker value={form.rating} onChange={(n) => change('rating', n)} labelledBy={ids.rating} />
              {errorText('rating', ids.rating)}
            </div>
            <div>
              <Text as="label" size="2" weight="bold" htmlFor={ids.name}>
                Your Name
              </Text>
              <TextField.Root
                id={ids.name}
                mt="1"
                size="3"
                autoComplete="name"
                value={form.customerName}
                onChange={(e) => change('customerName', e.target.value)}
                {...describedBy('customerName', ids.name)}
              />
              {errorText('customerName', ids.name)}
            </div>
            <div>
              <Text as="label" size="2" weight="bold" htmlFor={ids.email}>
                Email
              </Text>
              <TextField.Root
                id={ids.email}
                mt="1"
                size="3"
                type="email"
                autoComplete="email"
                value={form.customerEmail}
                onChange={(e) => change('customerEmail', e.target.value)}
                {...describedBy('customerEmail', ids.email)}
              />
              <Text as="p" size="1" color="gray" mt="1">
                Never shown on the website.
              </Text>
              {errorText('customerEmail', ids.email)}
            </div>
            <div>
              <Text as="label" size="2" weight="bold" htmlFor={ids.text}>
                Your Review
              </Text>
              <TextArea
                id={ids.text}
                mt="1"
                size="3"
                rows={5}
                value={form.reviewText}
                onChange={(e) => change('reviewText', e.target.value)}
                {...describedBy('reviewText', ids.text)}
              />
              {errorText('reviewText', ids.text)}
            </div>
          </Flex>
          <Flex gap="3" mt="5" justify="end" wrap="wrap">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray" size="3">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" size="3" disabled={mutation.isPending}>
              {mutation.isPending ? 'Submitting...' : 'Submit Review'}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
