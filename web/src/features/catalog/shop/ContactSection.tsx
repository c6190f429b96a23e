// Contact (anchor contact): social links, the contact e-mail and a form that checks what was typed, sends the message to
// the shop (where the owner reads it in the admin inbox, decision 090) and thanks the shopper after 2 s, as it always has:
// the thanks waits for both the 2 s and the server's answer, and a refusal says why instead.
import { Button, Card, Container, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { timings } from '#contracts/shared/constants.ts';
import { shopContent } from '#contracts/catalog/content.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { messagesApi } from '#contracts/messages/api.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import { contactProblems, emptyContactMessage, type ContactField, type ContactMessage } from './contactMessage.ts';
import { MailIcon } from '../../../components/icons.tsx';
import { SectionHeading } from '../../../components/SectionHeading.tsx';
import { SocialLinks } from '../../../components/socialLinks.tsx';

export function ContactSection() {
  const { contactEmail } = shopContent.shop;
  return (
    <section id="contact" className="section section--contact" aria-labelledby="contact-heading">
      <Container size="4" px="4">
        <SectionHeading id="contact-heading" title="Get in Touch">
          Questions about an order, a school visit or a wholesale enquiry? We would love to hear from you.
        </SectionHeading>
        <div className="contact__grid">
          <div>
            <Heading as="h3" size="5">
              Say hello
            </Heading>
            <Text as="p" size="3" color="gray" mt="2">
              Write to us at any time and we will reply within two working days.
            </Text>
            <a className="contact__email" href={`mailto:${contactEmail}`}>
              <MailIcon />
              {contactEmail}
            </a>
            <Heading as="h3" size="4" mt="6" mb="2">
              Follow our story
            </Heading>
            <SocialLinks />
          </div>
          <ContactForm />
        </div>
      </Container>
    </section>
  );
}

const fieldLabels: Record<ContactField, string> = { name: 'Name', email: 'Email', message: 'Message' };

function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(emptyContactMessage);
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  // Problems show once the shopper has tried to send, and then follow what they type.
  const problems = checked ? contactProblems(values) : {};
  const set = (field: keyof ContactMessage, value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    const found = contactProblems(values);
    const firstProblem = (Object.keys(fieldLabels) as ContactField[]).find((field) => found[field]);
    if (firstProblem) {
      form.current?.querySelector<HTMLElement>(`[name="${firstProblem}"]`)?.focus();
      return;
    }
    setSending(true);
    const delay = new Promise<void>((resolve) => {
      timer.current = setTimeout(resolve, timings.contactSendDelayMs);
    });
    const sent = call(messagesApi.send, { body: values });
    Promise.all([sent, delay]).then(
      () => {
        setSending(false);
        setChecked(false);
        setValues(emptyContactMessage);
        toast({ title: 'Message sent!', description: "Thank you for your message. We'll get back to you soon." });
      },
      (error: unknown) => {
        setSending(false);
        toast({
          title: 'Message not sent',
          description:
            serverMessage(error) ??
            `Sorry, your message did not reach us. Please try again, or write to ${shopContent.shop.contactEmail}.`,
          variant: 'destructive',
        });
      },
    );
  };

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `contact-${field}-problem` : undefined,
  });

  return (
    <Card size="4" asChild className="contact-form">
      <form ref={form} onSubmit={submit} noValidate aria-labelledby="contact-form-heading">
        <Heading as="h3" size="5" id="contact-form-heading" mb="4">
          Send us a message
        </Heading>
        <Flex direction="column" gap="4">
          <Field field="name" problem={problems.name}>
            <TextField.Root
              size="3"
              autoComplete="name"
              {...fieldProps('name')}
              onChange={(e) => set('name', e.target.value)}
            />
          </Field>
          <Field field="email" problem={problems.email}>
            <TextField.Root
              size="3"
              type="email"
              autoComplete="email"
              {...fieldProps('email')}
              onChange={(e) => set('email', e.target.value)}
            />
          </Field>
          <Field field="message" problem={problems.message}>
            <TextArea size="3" rows={5} {...fieldProps('message')} onChange={(e) => set('message', e.target.value)} />
          </Field>
          <Text as="label" size="2" className="contact-form__newsletter">
            {/* A native checkbox: Radix's measures itself on mount, which forces a layout of the whole page. */}
            <input
              type="checkbox"
              name="newsletter"
              checked={values.newsletter}
              onChange={(e) => set('newsletter', e.target.checked)}
            />
            Send me news about new books and offers
          </Text>
          <Button type="submit" size="3" disabled={sending}>
            {sending ? 'Sending...' : 'Send Message'}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}

function Field({
  field,
  problem,
  children,
}: {
  field: ContactField;
  problem: string | undefined;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={`contact-${field}`} size="2" weight="bold">
        {fieldLabels[field]}
      </Text>
      {children}
      {problem && (
        <Text id={`contact-${field}-problem`} size="2" color="red" role="alert">
          {problem}
        </Text>
      )}
    </Flex>
  );
}
