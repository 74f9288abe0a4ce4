import { Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { timings } from '@wallet/contract/constants';
import type { OtpSendResponse } from '@wallet/contract/otp';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthSwitch } from '../../../../components/ui/auth-switch';
import { showErrorAlert } from '../../../../lib/alerts';
import { isApiError } from '../../../../lib/api-error';
import { paths } from '../../../../lib/navigation';
import { useLater } from '../../../../lib/use-later';
import { useRegister } from '../../api/register';
import { BankStep } from './bank-step';
import { forgetInviteCode, useInviteCode } from './invite-code';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';
import type { BankStepValues, ProfileStepValues } from './register-schemas';

type Step = 'phone' | 'otp' | 'profile' | 'bank' | 'done';
const stepNumber: Record<Step, number> = { phone: 1, otp: 2, profile: 3, bank: 4, done: 4 };
const TOTAL_STEPS = 4;

/**
 * /register, the four-step wizard of the spec's screens, states and validation rules: phone → OTP (when on) →
 * profile (server-validated) → bank. Server refusals show as a red toast for 4 s.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const later = useLater();
  const storedInvite = useInviteCode();
  const [inviteRejected, setInviteRejected] = useState(false);
  const inviteCode = inviteRejected ? '' : storedInvite;
  const registerMutation = useRegister();
  const [step, setStep] = useState<Step>('phone');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [otp, setOtp] = useState<OtpSendResponse | null>(null);
  const [profile, setProfile] = useState<ProfileStepValues>();

  const submit = async (bank: BankStepValues): Promise<string | undefined> => {
    if (!profile) return undefined;
    try {
      await registerMutation.mutateAsync({
        name: profile.name,
        username: phoneNumber,
        password: profile.password,
        sourceCode: profile.sourceCode,
        inviteCode: profile.inviteCode,
        bankCode: bank.bankCode,
        bankAccountName: `${bank.firstName} ${bank.lastName}`,
        bankAccountNo: bank.bankAccountNo,
        currency: bank.currency,
      });
      forgetInviteCode();
      // The wizard's own success panel is the message of the spec; no toast repeats it.
      setStep('done');
      later(() => void navigate(paths.login, { replace: true }), timings.registerRedirectMs);
      return undefined;
    } catch (error) {
      showErrorAlert(error);
      return isApiError(error) ? error.field : undefined;
    }
  };

  const titles: Record<Step, string> = {
    phone: t('register.stepPhone'),
    otp: t('register.stepOtp'),
    profile: t('register.stepProfile'),
    bank: t('register.stepBank'),
    done: t('register.successTitle'),
  };

  return (
    <Stack gap="lg" pt="sm">
      <AuthSwitch />
      <Paper p="lg" className="wallet-hero-card">
        <Stack gap={6} mb="lg">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.5}>
            {t('register.stepOf', { step: stepNumber[step], total: TOTAL_STEPS })}
          </Text>
          <Title order={1} size="h2">
            {titles[step]}
          </Title>
          <Progress
            value={(stepNumber[step] / TOTAL_STEPS) * 100}
            size="sm"
            radius="xl"
            aria-label={t('register.progress')}
          />
        </Stack>

        {step === 'phone' && (
          <PhoneStep
            defaultPhone={phoneNumber}
            onOtpSent={(phone, sent) => {
              setPhoneNumber(phone);
              setOtp(sent);
              setStep('otp');
            }}
            onSkipOtp={(phone) => {
              setPhoneNumber(phone);
              setStep('profile');
            }}
          />
        )}
        {step === 'otp' && otp && (
          <OtpStep
            phoneNumber={phoneNumber}
            otp={otp}
            onResent={setOtp}
            onVerified={() => setStep('profile')}
            onBack={() => setStep('phone')}
          />
        )}
        {step === 'profile' && (
          <ProfileStep
            phoneNumber={phoneNumber}
            inviteCode={inviteCode}
            defaults={profile}
            onNext={(values) => {
              setProfile(values);
              setStep('bank');
            }}
            onBack={() => setStep('phone')}
            onInviteRejected={() => {
              forgetInviteCode();
              setInviteRejected(true);
            }}
          />
        )}
        {step === 'bank' && (
          <BankStep
            submitting={registerMutation.isPending}
            onSubmit={submit}
            onBack={() => setStep('profile')}
          />
        )}
        {step === 'done' && (
          <Stack align="center" ta="center" gap="sm" py="md" role="status">
            <ThemeIcon size={64} radius="xl" color="teal" variant="light">
              <IconCircleCheck size={40} aria-hidden />
            </ThemeIcon>
            <Text fw={600}>{t('register.successText')}</Text>
            <Text size="sm" c="dimmed">
              {t('register.redirecting')}
            </Text>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
