import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PinInput, Stack, Text } from '@mantine/core';
import {
  OTP_LENGTH,
  type OtpCodeForm,
  OtpCodeFormSchema,
  type OtpSendResponse,
} from '@wallet/contract/otp';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../../../lib/alerts';
import { isApiError } from '../../../../lib/api-error';
import { fieldErrorText } from '../../../../lib/errors';
import { useSendOtp } from '../../../otp/api/send-otp';
import { useVerifyOtp } from '../../../otp/api/verify-otp';

/** Not fixed by the spec; a minute matches what SMS gateways and players expect. */
const RESEND_COOLDOWN_SECONDS = 60;

type OtpStepProps = {
  phoneNumber: string;
  otp: OtpSendResponse;
  onResent: (otp: OtpSendResponse) => void;
  onVerified: () => void;
  onBack: () => void;
};

function useCountdown(seconds: number, restartKey: unknown): number {
  const [left, setLeft] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restartKey restarts the countdown on purpose
  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => setLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return left;
}

/** Step 2 (the spec's screens): the 6-digit code, with a resend after a cooldown. */
export function OtpStep({ phoneNumber, otp, onResent, onVerified, onBack }: OtpStepProps) {
  const { t } = useTranslation();
  const {
    control,
    handleSubmit,
    resetField,
    watch,
    formState: { errors },
  } = useForm<OtpCodeForm>({
    resolver: zodResolver(OtpCodeFormSchema),
    defaultValues: { otpCode: '' },
  });
  const code = watch('otpCode');
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const cooldown = useCountdown(RESEND_COOLDOWN_SECONDS, otp.otpToken);

  const onSubmit = handleSubmit(async ({ otpCode }) => {
    try {
      await verify.mutateAsync({ otpToken: otp.otpToken, otpCode });
      onVerified();
    } catch (error) {
      // The spec's states: OTP_VERIFIED means the phone is already verified: go on.
      if (isApiError(error) && error.code === 'OTP_VERIFIED') onVerified();
      else {
        resetField('otpCode');
        showErrorAlert(error);
      }
    }
  });

  const onResend = async () => {
    try {
      onResent(await resend.mutateAsync({ phoneNumber }));
      resetField('otpCode');
    } catch (error) {
      if (isApiError(error) && error.code === 'OTP_VERIFIED') onVerified();
      else showErrorAlert(error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('register.otpSentTo', { phone: phoneNumber })}</Text>
        <Text size="xs" c="dimmed">
          {t('register.otpRef', { ref: otp.otpRef })}
        </Text>
        <Group justify="center">
          <Controller
            control={control}
            name="otpCode"
            render={({ field }) => (
              <PinInput
                length={OTP_LENGTH}
                type="number"
                inputMode="numeric"
                oneTimeCode
                size="md"
                gap={8}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(errors.otpCode)}
                getInputProps={(index) => ({
                  'aria-label': t('register.otpDigit', { n: index + 1, total: OTP_LENGTH }),
                })}
                disabled={verify.isPending}
                autoFocus
              />
            )}
          />
        </Group>
        {errors.otpCode && (
          <Text size="sm" c="red.4" ta="center" role="alert">
            {fieldErrorText(errors.otpCode.message)}
          </Text>
        )}
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={verify.isPending}
          disabled={code.length !== OTP_LENGTH}
        >
          {t('register.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Button variant="subtle" color="gray" px="xs" onClick={onBack}>
            {t('register.changePhone')}
          </Button>
          <Button
            variant="subtle"
            px="xs"
            onClick={() => void onResend()}
            disabled={cooldown > 0}
            loading={resend.isPending}
          >
            {cooldown > 0 ? t('register.resendIn', { seconds: cooldown }) : t('register.resend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
