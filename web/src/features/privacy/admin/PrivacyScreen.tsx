// /admin/privacy: erase a person (with a reason and a confirmation), download what is held about an e-mail address,
// and the retention report with its application. An auditor sees the report; the write controls are the owner's, and
// the download is an owner's or a granted account's, with a reason that is recorded (decision 058).
import { AlertDialog, Button, Callout, Card, Flex, Heading, Table, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { privacyContent as copy } from '#contracts/content/privacy.ts';
import { privacyApi } from '#contracts/privacy/api.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { ReasonField } from '../../../components/ReasonField.tsx';
import { call, serverMessage } from '../../../lib/api.ts';
import { meQuery, useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { downloadPersonalData, retentionQuery, unsealedQuery, type PersonalDownload } from './privacyQueries.ts';

type Outcome = { ok: boolean; message: string };

function OutcomeCallout({ outcome }: { outcome: Outcome }) {
  return (
    <Callout.Root color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'} highContrast>
      <Callout.Text>{outcome.message}</Callout.Text>
    </Callout.Root>
  );
}

/** One of the screen's sections: a card with its heading, an introduction, and what the last action answered. */
function Section({
  id,
  heading,
  intro,
  outcome = null,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  outcome?: Outcome | null;
  children: ReactNode;
}) {
  return (
    <Card asChild>
      <section aria-labelledby={id}>
        <Heading as="h2" size="4" id={id} mb="2">
          {heading}
        </Heading>
        {intro && (
          <Text as="p" size="2" mb="3">
            {intro}
          </Text>
        )}
        {children}
        {outcome && (
          <Flex direction="column" mt="3">
            <OutcomeCallout outcome={outcome} />
          </Flex>
        )}
      </section>
    </Card>
  );
}

function EraseSection() {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: () => call(privacyApi.erase, { body: { email, reason } }),
    onSuccess: (answer) => {
      setOutcome({ ok: true, message: answer.message });
      setEmail('');
      setReason('');
      // Every screen's answers named the person: fetched again from the rebuilt read models.
      void queryClient.invalidateQueries();
    },
    onError: (error) => setOutcome({ ok: false, message: serverMessage(error) ?? 'The erasure did not go through.' }),
  });
  const ask = (e: FormEvent) => {
    e.preventDefault();
    setOutcome(null);
    setConfirming(true);
  };
  return (
    <Section id="privacy-erase" heading={copy.eraseHeading} intro={copy.eraseIntro} outcome={outcome}>
      <form onSubmit={ask}>
        <Flex gap="3" wrap="wrap" align="end">
          <LabelledField id="erase-email" label={copy.emailLabel}>
            <TextField.Root
              id="erase-email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
            />
          </LabelledField>
          <ReasonField id="erase-reason" label={copy.reasonLabel} value={reason} onChange={setReason} />
          <Button type="submit" color="red" highContrast loading={erase.isPending}>
            {copy.eraseButton}
          </Button>
        </Flex>
      </form>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Content maxWidth="28rem">
          <AlertDialog.Title>{copy.confirmTitle}</AlertDialog.Title>
          <AlertDialog.Description size="2">{copy.confirmText(email)}</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" highContrast>
                {copy.cancel}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action>
              <Button color="red" highContrast onClick={() => erase.mutate()}>
                {copy.confirmButton}
              </Button>
            </AlertDialog.Action>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Section>
  );
}

function AccessSection() {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<PersonalDownload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const prepare = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFile(null);
    try {
      setFile(await downloadPersonalData(email, reason));
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The download could not be made.');
    }
  };
  return (
    <Section id="privacy-access" heading={copy.accessHeading} intro={copy.accessIntro}>
      <form onSubmit={(e) => void prepare(e)}>
        <Flex gap="3" wrap="wrap" align="end">
          <LabelledField id="access-email" label={copy.emailLabel}>
            <TextField.Root
              id="access-email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
            />
          </LabelledField>
          <ReasonField id="access-reason" label={copy.accessReasonLabel} value={reason} onChange={setReason} />
          <Button type="submit">{copy.accessButton}</Button>
          {file && (
            <a className="privacy-download" href={file.url} download={file.name}>
              Download {file.name}
            </a>
          )}
        </Flex>
      </form>
      {error && (
        <Text color="red" role="alert" mt="2" as="p">
          {error}
        </Text>
      )}
    </Section>
  );
}

function RetentionSection({ canChange }: { canChange: boolean }) {
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(retentionQuery);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const apply = useMutation({
    mutationFn: () => call(privacyApi.applyRetention),
    onSuccess: (answer) => {
      setOutcome({ ok: true, message: answer.message });
      void queryClient.invalidateQueries();
    },
    onError: (error) =>
      setOutcome({ ok: false, message: serverMessage(error) ?? 'The retention period could not be applied.' }),
  });
  return (
    <Section id="privacy-retention" heading={copy.retentionHeading} outcome={outcome}>
      {data.months === null && (
        <Text as="p" size="2">
          {copy.retentionOff}
        </Text>
      )}
      {data.months !== null && data.cutoff && (
        <Flex direction="column" gap="3">
          <Text as="p" size="2">
            {copy.retentionIntro(data.months, data.cutoff)}
          </Text>
          {data.due.length === 0 ? (
            <Text as="p" size="2">
              {copy.retentionNone}
            </Text>
          ) : (
            <Table.Root>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last order</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Orders</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.due.map((person) => (
                  <Table.Row key={person.email}>
                    <Table.Cell>{person.email}</Table.Cell>
                    <Table.Cell>{person.lastOrderAt.slice(0, 10)}</Table.Cell>
                    <Table.Cell>{person.orders.join(', ') || '—'}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {canChange && data.due.length > 0 && (
            <Flex>
              <Button color="red" highContrast loading={apply.isPending} onClick={() => apply.mutate()}>
                {copy.retentionApply}
              </Button>
            </Flex>
          )}
        </Flex>
      )}
    </Section>
  );
}

/** A log written before personal fields were sealed: the owner is told which customers cannot be erased yet, and how to migrate. */
function UnsealedNotice() {
  // Optional, and not held up for: the notice appears once the answer is in, and a failure shows nothing.
  const report = useQuery(unsealedQuery);
  if (!report.data?.message) return null;
  return (
    <Callout.Root color="amber" role="status" highContrast>
      <Callout.Text>{report.data.message}</Callout.Text>
    </Callout.Root>
  );
}

export function PrivacyScreen() {
  const logOut = useLogOut();
  const canChange = useCanChange();
  // Fetched by the admin pages' guard before any of them shows.
  const mayDownload = useSuspenseQuery(meQuery).data.mayDownloadPersonalData;
  return (
    <AdminPage title={copy.title} subtitle={copy.subtitle} onLogOut={logOut}>
      <Flex direction="column" gap="4" pb="8">
        <UnsealedNotice />
        {canChange && <EraseSection />}
        {mayDownload ? (
          <AccessSection />
        ) : (
          <Section id="privacy-access" heading={copy.accessHeading}>
            <Text as="p" size="2">
              {copy.accessRefused}
            </Text>
          </Section>
        )}
        <RetentionSection canChange={canChange} />
      </Flex>
    </AdminPage>
  );
}
