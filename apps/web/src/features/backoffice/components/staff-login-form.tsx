import type { StaffChallengeResponse } from '@wallet/contract/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrowserStaffSession } from '../api/staff-login-totp';
import { StaffCodeStep } from './staff-code-step';
import { StaffPasswordStep } from './staff-password-step';
import { StaffRecoveryCodes } from './staff-recovery-codes';

type Step =
  | { name: 'password'; notice: string | null }
  | { name: 'code'; challenge: StaffChallengeResponse }
  | { name: 'recoveryCodes'; codes: string[] };

type StaffLoginFormProps = { onSignedIn: () => void };

/**
 * Staff sign-in (CONTRACT.md, "Back office (staff) API"), two steps on one screen: the password,
 * then the authenticator's code (set up first when there is none yet). The session is a cookie
 * the server sets; the recovery codes of an authenticator just set up show before going on.
 */
export function StaffLoginForm({ onSignedIn }: StaffLoginFormProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'password', notice: null });
  // Kept for a return to the first step, so only the password is typed again.
  const [username, setUsername] = useState('');

  const onSession = ({ recoveryCodes }: BrowserStaffSession) => {
    if (recoveryCodes?.length) setStep({ name: 'recoveryCodes', codes: recoveryCodes });
    else onSignedIn();
  };

  switch (step.name) {
    case 'password':
      return (
        <StaffPasswordStep
          defaultUsername={username}
          notice={step.notice}
          onChallenge={(name, challenge) => {
            setUsername(name);
            setStep({ name: 'code', challenge });
          }}
        />
      );
    case 'code':
      return (
        <StaffCodeStep
          challenge={step.challenge}
          onSession={onSession}
          onExpired={() => setStep({ name: 'password', notice: t('backoffice.login.expired') })}
          onRestart={() => setStep({ name: 'password', notice: null })}
        />
      );
    case 'recoveryCodes':
      return <StaffRecoveryCodes codes={step.codes} onContinue={onSignedIn} />;
  }
}
