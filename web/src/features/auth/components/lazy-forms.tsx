import { type ComponentProps, lazy, Suspense } from 'react';

// The forms (and react-hook-form with them) load when a log-in or register form first shows,
// not with every page's shell, where the dialogs wait closed.
const LoginFormImpl = lazy(() => import('./LoginForm.tsx').then((m) => ({ default: m.LoginForm })));
const RegisterFormImpl = lazy(() => import('./RegisterForm.tsx').then((m) => ({ default: m.RegisterForm })));

export function LoginForm(props: ComponentProps<typeof LoginFormImpl>) {
  return (
    <Suspense fallback={null}>
      <LoginFormImpl {...props} />
    </Suspense>
  );
}

export function RegisterForm(props: ComponentProps<typeof RegisterFormImpl>) {
  return (
    <Suspense fallback={null}>
      <RegisterFormImpl {...props} />
    </Suspense>
  );
}
