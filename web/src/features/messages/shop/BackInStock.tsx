// Under an out-of-stock book: "E-mail me when it is back". A press opens a small form: the shopper's address and an
// explicit tick of the words recorded with the request; one e-mail follows when the owner records new stock, and the
// answer carries a link that cancels it without signing in (decision 091).
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { restockApi } from '#contracts/messages/restockApi.ts';
import { restockTexts, restockWording, type RestockRequestResponse } from '#contracts/messages/restock.ts';
import { call, serverMessage } from '../../../lib/api.ts';
import '../messages.css';

export function BackInStock({ bookId, title }: { bookId: number; title: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<RestockRequestResponse | null>(null);

  if (done)
    return (
      <div className="back-in-stock" role="status">
        <Text as="p" size="2">
          {done.message}
        </Text>
        <Text as="p" size="1" color="gray" mt="1">
          Changed your mind?{' '}
          <Link to="/unsubscribe/$token" params={{ token: done.unsubscribe.slice('/unsubscribe/'.length) }}>
            Cancel this e-mail
          </Link>
        </Text>
      </div>
    );
  if (!open)
    return (
      <Button variant="soft" size="2" className="back-in-stock__open" onClick={() => setOpen(true)}>
        {restockTexts.offer}
      </Button>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!consent) {
      setProblem(restockTexts.consent);
      return;
    }
    setSending(true);
    try {
      setDone(await call(restockApi.request, { params: { id: String(bookId) }, body: { email, consent: true } }));
    } catch (error) {
      setProblem(serverMessage(error) ?? 'Sorry, that did not work. Please try again.');
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="back-in-stock"
      onSubmit={(event) => void submit(event)}
      aria-label={`E-mail me when “${title}” is back`}
      noValidate
    >
      <Text as="p" size="2" mb="2">
        {restockTexts.intro}
      </Text>
      <Flex direction="column" gap="2">
        <Text as="label" htmlFor={`${id}-email`} size="2" weight="bold">
          Email
        </Text>
        <TextField.Root
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <Text as="label" size="2" className="back-in-stock__consent">
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          {restockWording}
        </Text>
        {problem && (
          <Text size="2" color="red" role="alert">
            {problem}
          </Text>
        )}
        <Button type="submit" size="2" disabled={sending}>
          {sending ? 'Sending...' : 'Tell me when it is back'}
        </Button>
      </Flex>
    </form>
  );
}
