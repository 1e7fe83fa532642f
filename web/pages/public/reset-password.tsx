import { passwordConfirmError, passwordPolicyError } from '@contract/rules/password';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Link, useLocation, useSearch } from 'wouter';
import { authApi } from '../../api/auth';
import { ApiClientError, errorMessage } from '../../api/client';
import { AuthLayout, AuthLink } from '../../components/auth-layout';
import { PASSWORD_HINT } from '../../components/password-hint';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, focusFirstInvalid, LoadingBlock, PasswordField } from '../../ui';

export const RESET_MESSAGES = {
  invalidLink: 'Invalid or expired password reset link. Please request a new one.',
  expired: 'Your password reset link has expired. Please request a new one.',
  badRequest: 'Invalid request. Please check your password and try again.',
  failed: 'Failed to reset password. Please try again.',
  success: 'Your password has been reset successfully. Redirecting to login...',
} as const;

/** Learner spec section 8, "Reset password": what a failed POST /auth/reset-password shows. */
export function resetFailure(error: unknown): { message: string; expired: boolean } {
  if (error instanceof ApiClientError && (error.status === 401 || error.status === 403)) return { message: RESET_MESSAGES.expired, expired: true };
  if (error instanceof ApiClientError && error.status === 400) return { message: errorMessage(error, RESET_MESSAGES.badRequest), expired: false };
  return { message: errorMessage(error, RESET_MESSAGES.failed), expired: false };
}

type Phase =
  | { kind: 'validating' }
  | { kind: 'invalid' }
  | { kind: 'ready'; error: string | null }
  | { kind: 'submitting' }
  | { kind: 'done'; message: string }
  | { kind: 'expired' };

/** /reset-password?token=: validates the token on load, then takes the new password. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [phase, setPhase] = useState<Phase>(token ? { kind: 'validating' } : { kind: 'invalid' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | null; confirm?: string | null }>({});

  useEffect(() => {
    if (!token) {
      setPhase({ kind: 'invalid' });
      return;
    }
    let cancelled = false;
    setPhase({ kind: 'validating' });
    authApi
      .validateResetToken(token)
      .then((result) => !cancelled && setPhase(result?.valid === false ? { kind: 'invalid' } : { kind: 'ready', error: null }))
      .catch(() => !cancelled && setPhase({ kind: 'invalid' }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  // Learner spec section 9: 3 s to /login after success, 2 s to /forgot-password when expired.
  useEffect(() => {
    if (phase.kind !== 'done' && phase.kind !== 'expired') return;
    const timer = window.setTimeout(() => navigate(phase.kind === 'done' ? '/login' : '/forgot-password', { replace: true }), phase.kind === 'done' ? 3000 : 2000);
    return () => window.clearTimeout(timer);
  }, [phase.kind, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { password: passwordPolicyError(password), confirm: passwordConfirmError(password, confirm) };
    setErrors(found);
    if (found.password || found.confirm) return focusFirstInvalid(event.currentTarget as HTMLElement);
    setPhase({ kind: 'submitting' });
    try {
      const result = await authApi.resetPassword(token, password);
      setPhase({ kind: 'done', message: result?.message?.trim() || RESET_MESSAGES.success });
    } catch (error) {
      const failure = resetFailure(error);
      setPhase(failure.expired ? { kind: 'expired' } : { kind: 'ready', error: failure.message });
    }
  };

  const back = (
    <AuthLink href="/login">
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
        <ArrowLeft size={16} aria-hidden /> Back to login
      </span>
    </AuthLink>
  );

  if (phase.kind === 'validating') {
    return (
      <AuthLayout title="Reset your password" footer={back}>
        <LoadingBlock label="Checking your reset link..." />
      </AuthLayout>
    );
  }

  if (phase.kind === 'invalid') {
    return (
      <AuthLayout title="Reset your password" footer={back}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
          <Alert status="error">{RESET_MESSAGES.invalidLink}</Alert>
          <Button asChild size="lg" fullWidth>
            <Link href="/forgot-password">Request a new link</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (phase.kind === 'done' || phase.kind === 'expired') {
    return (
      <AuthLayout title="Reset your password" footer={back}>
        {phase.kind === 'done' ? <Alert status="success">{phase.message}</Alert> : <Alert status="error">{RESET_MESSAGES.expired}</Alert>}
      </AuthLayout>
    );
  }

  const submitting = phase.kind === 'submitting';
  return (
    <AuthLayout title="Reset your password" subtitle="Choose a new password for your account." footer={back}>
      <form noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        {phase.kind === 'ready' && phase.error ? <Alert status="error">{phase.error}</Alert> : null}
        <PasswordField
          label="New password"
          helperText={PASSWORD_HINT}
          name="new-password"
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors((current) => ({ ...current, password: null }));
          }}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          error={errors.confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            if (errors.confirm) setErrors((current) => ({ ...current, confirm: null }));
          }}
        />
        <Button type="submit" size="lg" fullWidth loading={submitting} loadingText="Resetting..." leftIcon={<KeyRound />}>
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
