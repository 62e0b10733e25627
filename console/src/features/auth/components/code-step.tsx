// Step `otp`: the 6-digit code sent by email or SMS. Entering the last digit signs in; a wrong code
// shows the API's notice and empties the boxes for another try. A new code can be sent, or read
// out by a phone call, after a short wait.
import { useSignIn } from '@contrail/sdk/react';
import { Button, Input, PinInput, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinishSignIn } from '../use-finish-sign-in';
import { IdentitySummary } from './identity-summary';
import { NewCodeControls } from './new-code-controls';

interface CodeStepProps {
  identity: string;
  codeLength: number;
  /** Seconds the sent code stays valid. */
  expiresIn: number;
  onBack: () => void;
  /** start_sign_in does not say how an account signs in: a password holder goes on from here. */
  onUsePassword: () => void;
}

export function CodeStep({ identity, codeLength, expiresIn, onBack, onUsePassword }: CodeStepProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  // A new key gives a fresh PinInput, whose "completed" memory must be reset after a failed try.
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string>();
  const finish = useFinishSignIn();
  const signIn = useSignIn({
    mutation: {
      onSuccess: finish,
      onError: () => {
        setCode('');
        setAttempt((count) => count + 1);
      },
    },
  });

  const submit = (value: string) => {
    if (signIn.isPending) return;
    if (!new RegExp(`^\\d{${codeLength}}$`).test(value)) {
      setError(t('auth.code.incomplete', { length: codeLength }));
      return;
    }
    setError(undefined);
    signIn.mutate({ data: { identity, code: value } });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <IdentitySummary identity={identity} onBack={onBack} />
        <Text size="sm" c="gray.8">
          {t('auth.code.sent', { length: codeLength, minutes: Math.max(1, Math.round(expiresIn / 60)) })}
        </Text>
        <Stack gap={6}>
          <Input.Label id={labelId} required>
            {t('auth.code.label')}
          </Input.Label>
          <PinInput
            key={attempt}
            role="group"
            aria-labelledby={labelId}
            aria-describedby={error ? errorId : undefined}
            length={codeLength}
            type="number"
            size="md"
            gap={6}
            autoFocus
            value={code}
            error={error !== undefined}
            disabled={signIn.isPending}
            onChange={(value) => {
              setCode(value);
              setError(undefined);
            }}
            onComplete={submit}
            getInputProps={(index) => ({
              'aria-label': t('codeInput.digit', { position: index + 1, length: codeLength }),
            })}
          />
          {error && <Input.Error id={errorId}>{error}</Input.Error>}
        </Stack>
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('auth.submit')}
        </Button>
        <NewCodeControls identity={identity} />
        <Button variant="subtle" onClick={onUsePassword}>
          {t('auth.code.usePassword')}
        </Button>
      </Stack>
    </form>
  );
}
