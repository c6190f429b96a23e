// The admin login screen: username, password, a link back to the website. Sent here from an admin page (its address
// in `redirect`), it says "Authentication Required" first and goes back to that page once logged in.
import { Button, Callout, Card, Flex, Heading, Link, Strong, Text, TextField } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { adminApi } from '#contracts/admin/api.ts';
import { LoginBodySchema, type LoginBody, type LoginResponse } from '#contracts/admin/model.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { adminTitle, useDocumentTitle } from '../../../components/useDocumentTitle.ts';
import { ApiError, call, serverMessage } from '../../../lib/api.ts';
import { storeAdminToken } from '../../../lib/session.tsx';
import '../../../components/admin.css';

type Field = keyof LoginBody;

export function LoginScreen() {
  const navigate = useNavigate();
  // Both login addresses' routes take the same query (loginSearch.ts).
  const { redirect } = useSearch({ strict: false });
  const [form, setForm] = useState({ username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Shown once the server asks for it: the account has two-step sign-in.
  const [askCode, setAskCode] = useState(false);
  const ids = { username: useId(), password: useId(), code: useId() };
  useDocumentTitle(adminTitle('Log In'));

  const login = useMutation({
    mutationFn: (body: LoginBody): Promise<LoginResponse | { success: false; message?: string }> =>
      call(adminApi.login, { body }),
    onSuccess: (answer) => {
      if (!answer.success) {
        toast({
          title: 'Login Failed',
          description: answer.message || 'Invalid username or password',
          variant: 'destructive',
        });
        return;
      }
      storeAdminToken(answer.token);
      toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard' });
      // Without a page to go back to, /admin sends the session on to where its role starts.
      void (redirect ? navigate({ href: redirect, replace: true }) : navigate({ to: '/admin' }));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401 && /"error":"two_step_required"/.test(error.bodyText)) {
        const first = !askCode;
        setAskCode(true);
        if (first) return;
      }
      // The server answered (401, 429, 400): its message; the request never completed: the generic one.
      const description =
        error instanceof ApiError
          ? (serverMessage(error) ?? 'Invalid username or password')
          : 'An error occurred during login';
      toast({ title: 'Login Failed', description, variant: 'destructive' });
    },
  });

  const change = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(LoginBodySchema, askCode ? form : { username: form.username, password: form.password });
    if (!parsed.success) {
      const nested = v.flatten<typeof LoginBodySchema>(parsed.issues).nested ?? {};
      setErrors({ username: nested.username?.[0], password: nested.password?.[0] });
      return;
    }
    login.mutate(parsed.output);
  };

  const field = (
    name: Field,
    label: string,
    type: 'text' | 'password',
    autoComplete: string,
    inputMode?: 'numeric',
  ) => (
    <div>
      <Text as="label" size="2" weight="bold" htmlFor={ids[name]}>
        {label}
      </Text>
      <TextField.Root
        id={ids[name]}
        mt="1"
        size="3"
        type={type}
        autoComplete={autoComplete}
        {...(inputMode ? { inputMode } : {})}
        value={form[name]}
        onChange={(e) => change(name, e.target.value)}
        {...(errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${ids[name]}-error` } : {})}
      />
      {errors[name] && (
        <Text as="p" size="2" id={`${ids[name]}-error`} color="red" mt="1">
          {errors[name]}
        </Text>
      )}
    </div>
  );

  return (
    <main className="admin-login">
      <Card size="4" className="admin-login__card">
        <Heading as="h1" size="6" align="center">
          Admin Login
        </Heading>
        <Text as="p" color="gray" align="center" mt="2" mb="5">
          Sign in to moderate reviews and manage orders.
        </Text>
        {redirect && (
          <Callout.Root color="amber" role="alert" mb="5">
            <Callout.Text>
              <Strong>Authentication Required</Strong>
              <br />
              Please log in to access the admin dashboard
            </Callout.Text>
          </Callout.Root>
        )}
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            {field('username', 'Username', 'text', 'username')}
            {field('password', 'Password', 'password', 'current-password')}
            {askCode && (
              <>
                <Text as="p" size="2" role="status">
                  {adminApi.login.messages.twoStep}.
                </Text>
                {field('code', 'Code', 'text', 'one-time-code', 'numeric')}
              </>
            )}
            <Button type="submit" size="3" mt="2" disabled={login.isPending}>
              {login.isPending ? 'Logging in...' : 'Log In'}
            </Button>
          </Flex>
        </form>
        <Text as="p" size="2" align="center" mt="5">
          <Link href="/">← Back to website</Link>
        </Text>
      </Card>
    </main>
  );
}
