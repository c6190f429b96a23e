// The signed-in account's own two-step sign-in: set up with an authenticator app (its camera reads the QR code; the
// secret stays written out to type in, and the otpauth link opens the app on the same device), turn on with the code it
// shows, keep the recovery codes shown once; turn off with a code.
import { Button, Callout, Card, Code, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminApi } from '#contracts/admin/api.ts';
import type { TwoStepSetupResponse } from '#contracts/admin/model.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { call, serverMessage } from '../../../lib/api.ts';
import { meQuery } from '../../../lib/admin/role.ts';

export function TwoStepSection() {
  // Fetched by the admin pages' guard before any of them shows.
  const me = useSuspenseQuery(meQuery);
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoStepSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  const start = useMutation({ mutationFn: () => call(adminApi.twoStepSetup), onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: () => call(adminApi.twoStepEnable, { body: { setupToken: setup!.setupToken, code } }),
    onSuccess: (answer) => {
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: () => call(adminApi.twoStepDisable, { body: { code } }),
    onSuccess: () => {
      setCode('');
      setRecoveryCodes(null);
      void refresh();
    },
  });
  const error = start.error ?? enable.error ?? disable.error;
  const on = me.data.twoStep;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (on) disable.mutate();
    else if (setup) enable.mutate();
  };

  return (
    <Card asChild>
      <section aria-labelledby="two-step-heading">
        <Heading as="h2" size="4" id="two-step-heading" mb="2">
          Two-step sign-in for {me.data.username}
        </Heading>
        <Text as="p" size="2" mb="3">
          {on
            ? 'On: signing in asks for a code from your authenticator app after the password.'
            : 'Off: signing in asks for the password alone.'}
        </Text>
        {error && (
          <Callout.Root color="red" role="alert" highContrast mb="3">
            <Callout.Text>{serverMessage(error) ?? 'That did not work.'}</Callout.Text>
          </Callout.Root>
        )}
        {recoveryCodes && (
          <Callout.Root color="green" role="status" highContrast mb="3">
            <Callout.Text>{adminApi.twoStepEnable.messages.enabled}</Callout.Text>
            <ul className="two-step-codes" aria-label="Recovery codes">
              {recoveryCodes.map((c) => (
                <li key={c}>
                  <Code>{c}</Code>
                </li>
              ))}
            </ul>
          </Callout.Root>
        )}
        {!on && !setup && <Button onClick={() => start.mutate()}>Set up two-step sign-in</Button>}
        {!on && setup && (
          <Flex direction="column" gap="2" mb="3">
            <Text as="p" size="2">
              Scan this QR code with your authenticator app:
            </Text>
            <img
              className="two-step-qr"
              src={setup.qr}
              width={192}
              height={192}
              alt={`QR code that adds ${me.data.username} at Amanah House to an authenticator app; it holds the key written out below`}
            />
            <Text size="2">
              Or add an account to your authenticator app with this key:{' '}
              <Code className="account-password">{setup.secret}</Code>
            </Text>
            <Text size="2">
              Or open <a href={setup.uri}>the set-up link</a> on the device the app is on.
            </Text>
          </Flex>
        )}
        {(on || setup) && (
          <form onSubmit={submit}>
            <Flex gap="3" wrap="wrap" align="end">
              <LabelledField id="two-step-code" label={on ? 'Code or recovery code' : 'Code from the app'}>
                <TextField.Root
                  id="two-step-code"
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="one-time-code"
                />
              </LabelledField>
              <Button type="submit" variant={on ? 'soft' : 'solid'}>
                {on ? 'Turn two-step sign-in off' : 'Turn two-step sign-in on'}
              </Button>
            </Flex>
          </form>
        )}
      </section>
    </Card>
  );
}
