// /admin/accounts: who may enter the admin, in which role. Owners create accounts (owner or auditor), change a role,
// reset a password or disable an account; the new password is shown once, to hand over in person. Owners also grant an
// auditor the download of a person's data, and revoke it (decision 058). An auditor sees the list and nothing that
// would change it.
import { ukDateTime } from '#contracts/shared/londonTime.ts';
import { ScrollRegion } from '../../../components/ScrollRegion.tsx';
import { Badge, Button, Callout, Code, Flex, Table, TextField } from '@radix-ui/themes';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminApi } from '#contracts/admin/api.ts';
import type { AccountDto, AccountRole } from '#contracts/admin/model.ts';
import { AdminPage } from '../../../components/AdminPage.tsx';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { call, queryFor, serverMessage } from '../../../lib/api.ts';
import { useCanChange } from '../../../lib/admin/role.ts';
import { useLogOut } from '../../../lib/session.tsx';
import { TwoStepSection } from './TwoStepSection.tsx';
import './accounts.css';

export const accountsQuery = { ...queryFor(adminApi.accounts), retry: false };

type Outcome = { message: string; password?: string; username: string } | { error: string };

export function AccountsScreen() {
  const logOut = useLogOut();
  const canChange = useCanChange();
  // Fetched by the route's loader; a failure shows the route's error screen.
  const accounts = useSuspenseQuery(accountsQuery);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<AccountRole>('auditor');

  const act = useMutation({
    mutationFn: (run: () => Promise<{ message: string; account: AccountDto; password?: string }>) => run(),
    onSuccess: (answer) => {
      setOutcome({
        message: answer.message,
        username: answer.account.username,
        ...(answer.password ? { password: answer.password } : {}),
      });
      void queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
    },
    onError: (error) => setOutcome({ error: serverMessage(error) ?? 'That did not work.' }),
  });

  const create = (e: FormEvent) => {
    e.preventDefault();
    act.mutate(() => call(adminApi.createAccount, { body: { username, role } }));
    setUsername('');
  };

  return (
    <AdminPage
      title="Accounts"
      subtitle="Who may enter the admin, and whether they may change anything."
      onLogOut={logOut}
    >
      <Flex direction="column" gap="4" pb="8">
        <TwoStepSection />
        {outcome && 'error' in outcome && (
          <Callout.Root color="red" role="alert" highContrast>
            <Callout.Text>{outcome.error}</Callout.Text>
          </Callout.Root>
        )}
        {outcome && 'message' in outcome && (
          <Callout.Root color="green" role="status" highContrast>
            <Callout.Text>
              {outcome.message}
              {outcome.password && (
                <>
                  {' '}
                  Password for {outcome.username}: <Code className="account-password">{outcome.password}</Code>
                </>
              )}
            </Callout.Text>
          </Callout.Root>
        )}
        {canChange && (
          <form onSubmit={create}>
            <Flex gap="3" wrap="wrap" align="end">
              <LabelledField id="account-username" label="Username">
                <TextField.Root
                  id="account-username"
                  value={username}
                  onChange={(e) => setUsername(e.target.value)}
                  autoComplete="off"
                />
              </LabelledField>
              <LabelledField id="account-role" label="Role">
                <select
                  id="account-role"
                  className="account-select"
                  value={role}
                  onChange={(e) => setRole(e.target.value as AccountRole)}
                >
                  <option value="auditor">Auditor (reads, changes nothing)</option>
                  <option value="owner">Owner</option>
                </select>
              </LabelledField>
              <Button type="submit" loading={act.isPending}>
                Create account
              </Button>
            </Flex>
          </form>
        )}
        <ScrollRegion label="Accounts">
          <Table.Root>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Username</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Last sign-in</Table.ColumnHeaderCell>
                {canChange && <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {accounts.data.accounts.map((a) => (
                <Table.Row key={a.username}>
                  <Table.Cell>{a.username}</Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" wrap="wrap">
                      <Badge color={a.role === 'owner' ? 'blue' : 'gray'} highContrast>
                        {a.role}
                      </Badge>
                      {a.configured && (
                        <Badge color="gray" highContrast>
                          from the configuration
                        </Badge>
                      )}
                      {a.disabled && (
                        <Badge color="red" highContrast>
                          disabled
                        </Badge>
                      )}
                      {a.downloadGranted && (
                        <Badge color="amber" highContrast>
                          may download a person’s data
                        </Badge>
                      )}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell>{a.lastSignInAt ? ukDateTime(a.lastSignInAt) : 'never'}</Table.Cell>
                  {canChange && (
                    <Table.Cell>
                      {!a.configured && (
                        <Flex gap="2" wrap="wrap">
                          <Button
                            size="1"
                            variant="soft"
                            onClick={() =>
                              act.mutate(() =>
                                call(adminApi.changeRole, {
                                  params: { username: a.username },
                                  body: { role: a.role === 'owner' ? 'auditor' : 'owner' },
                                }),
                              )
                            }
                          >
                            Make {a.role === 'owner' ? 'auditor' : 'owner'}
                          </Button>
                          <Button
                            size="1"
                            variant="soft"
                            onClick={() =>
                              act.mutate(() => call(adminApi.resetPassword, { params: { username: a.username } }))
                            }
                          >
                            Reset password
                          </Button>
                          {a.downloadGranted ? (
                            <Button
                              size="1"
                              variant="soft"
                              onClick={() =>
                                act.mutate(() => call(adminApi.revokeDownload, { params: { username: a.username } }))
                              }
                            >
                              Revoke data download
                            </Button>
                          ) : (
                            a.role === 'auditor' &&
                            !a.disabled && (
                              <Button
                                size="1"
                                variant="soft"
                                onClick={() =>
                                  act.mutate(() => call(adminApi.grantDownload, { params: { username: a.username } }))
                                }
                              >
                                Grant data download
                              </Button>
                            )
                          )}
                          {a.disabled ? (
                            <Button
                              size="1"
                              variant="soft"
                              onClick={() =>
                                act.mutate(() => call(adminApi.enableAccount, { params: { username: a.username } }))
                              }
                            >
                              Enable
                            </Button>
                          ) : (
                            <Button
                              size="1"
                              color="red"
                              variant="soft"
                              highContrast
                              onClick={() =>
                                act.mutate(() => call(adminApi.disableAccount, { params: { username: a.username } }))
                              }
                            >
                              Disable
                            </Button>
                          )}
                        </Flex>
                      )}
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      </Flex>
    </AdminPage>
  );
}
