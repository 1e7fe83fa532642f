import { Eraser } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import type { AcknowledgementBody } from '../../../statecharts/evaluation.machine';
import { t } from '../../i18n';
import { SharedDeviceCredentials } from '../shared-device-credentials';
import { SignatureCanvas, useSignaturePad } from '../talks/signature-pad';
import { evaluationPanel } from './panel-style';
import { Alert, Button, TabContent, TabList, Tabs, TabTrigger, TextField } from '../../ui';

const form = css({ display: 'flex', flexDirection: 'column', gap: '3', pt: '3' });

interface AcknowledgePanelProps {
  traineeName: string;
  busy: boolean;
  error: string | null;
  online: boolean;
  onSubmit: (body: AcknowledgementBody) => void;
  onLater: () => void;
}

/**
 * The trainee acknowledges on the evaluator's device: with their own username and password (they
 * are who they say), or a drawn signature and their typed name (weaker; kept as such on the record).
 */
export function AcknowledgePanel({ traineeName, busy, error, online, onSubmit, onLater }: AcknowledgePanelProps) {
  const [method, setMethod] = useState('password');
  return (
    <section aria-labelledby="acknowledge-title" className={evaluationPanel}>
      <h2 id="acknowledge-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('evaluate.ack.title', { name: traineeName })}
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('evaluate.ack.explain')}</p>
      {error ? (
        <Alert status="error" announce>
          {error}
        </Alert>
      ) : null}
      {online ? null : <Alert status="warning">{t('evaluate.ack.offline')}</Alert>}
      <Tabs value={method} onValueChange={setMethod}>
        <TabList aria-label={t('evaluate.ack.methods')}>
          <TabTrigger value="password">{t('evaluate.ack.passwordTab')}</TabTrigger>
          <TabTrigger value="signature">{t('evaluate.ack.signatureTab')}</TabTrigger>
        </TabList>
        <TabContent value="password">
          <PasswordAcknowledgement busy={busy} disabled={!online} onSubmit={onSubmit} />
        </TabContent>
        <TabContent value="signature">
          <SignatureAcknowledgement busy={busy} disabled={!online} onSubmit={onSubmit} />
        </TabContent>
      </Tabs>
      <Button
        variant="ghost"
        size="lg"
        onClick={onLater}
        // A long label on a phone wraps instead of widening the page.
        className={css({ alignSelf: 'stretch', whiteSpace: 'normal', h: 'auto!', minH: '12', py: '2' })}
      >
        {t('evaluate.ack.later')}
      </Button>
    </section>
  );
}

interface MethodProps {
  busy: boolean;
  disabled: boolean;
  onSubmit: (body: AcknowledgementBody) => void;
}

function PasswordAcknowledgement({ busy, disabled, onSubmit }: MethodProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setError(t('evaluate.ack.passwordMissing'));
      return;
    }
    setError(null);
    onSubmit({ method: 'password', username: username.trim(), password });
  };
  return (
    <form noValidate onSubmit={submit} className={form}>
      <SharedDeviceCredentials
        username={{ label: t('evaluate.ack.username'), size: 'lg', value: username, onValue: setUsername }}
        password={{ label: t('evaluate.ack.password'), size: 'lg', value: password, onValue: setPassword, error }}
      />
      <Button type="submit" size="lg" loading={busy} disabled={disabled}>
        {t('evaluate.ack.submit')}
      </Button>
    </form>
  );
}

function SignatureAcknowledgement({ busy, disabled, onSubmit }: MethodProps) {
  const { canvas, pad } = useSignaturePad();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pad.current || pad.current.isEmpty() || !name.trim()) {
      setError(t('evaluate.ack.signatureMissing'));
      return;
    }
    setError(null);
    onSubmit({ method: 'signature', name: name.trim(), signature: pad.current.toDataURL('image/png') });
  };

  return (
    <form noValidate onSubmit={submit} className={form}>
      <SignatureCanvas
        ref={canvas}
        label={t('evaluate.ack.drawLabel')}
        labelId="signature-label"
        testId="signature-pad"
      />
      <Button
        type="button"
        variant="outline"
        size="lg"
        leftIcon={<Eraser />}
        className={css({ alignSelf: 'flex-start' })}
        onClick={() => pad.current?.clear()}
      >
        {t('evaluate.ack.clear')}
      </Button>
      <TextField
        label={t('evaluate.ack.typedName')}
        autoComplete="off"
        size="lg"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error}
      />
      <Button type="submit" size="lg" loading={busy} disabled={disabled}>
        {t('evaluate.ack.submit')}
      </Button>
    </form>
  );
}
