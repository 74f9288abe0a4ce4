import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { OtpSendResponse } from '@wallet/contract/otp';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../../../lib/alerts';
import { isApiError } from '../../../../lib/api-error';
import { fieldErrorText } from '../../../../lib/errors';
import { variant } from '../../../../lib/variant';
import { registerOtpQueryOptions } from '../../../lookup/api/get-register-otp';
import { useSendOtp } from '../../../otp/api/send-otp';
import { type PhoneStepInput, type PhoneStepValues, phoneStepSchema } from './register-schemas';

const schema = phoneStepSchema(variant);

type PhoneStepProps = {
  defaultPhone: string;
  onOtpSent: (phoneNumber: string, otp: OtpSendResponse) => void;
  /** OTP is off, or the server says the phone is already verified (OTP_VERIFIED). */
  onSkipOtp: (phoneNumber: string) => void;
};

/** Step 1 (the spec's screens and states): the phone number, then OTP if the feature is on. */
export function PhoneStep({ defaultPhone, onOtpSent, onSkipOtp }: PhoneStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sendOtp = useSendOtp();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PhoneStepInput, unknown, PhoneStepValues>({
    resolver: zodResolver(schema),
    defaultValues: { phoneNumber: defaultPhone },
  });

  const onSubmit = handleSubmit(async ({ phoneNumber }) => {
    try {
      const { isActive } = await queryClient.fetchQuery(registerOtpQueryOptions());
      if (!isActive) {
        onSkipOtp(phoneNumber);
        return;
      }
      onOtpSent(phoneNumber, await sendOtp.mutateAsync({ phoneNumber }));
    } catch (error) {
      if (isApiError(error) && error.code === 'OTP_VERIFIED') onSkipOtp(phoneNumber);
      else showErrorAlert(error);
    }
  });

  const phoneError =
    errors.phoneNumber?.message === 'KEY_INVALID' && variant.laos
      ? t('register.phoneInvalidLao')
      : fieldErrorText(errors.phoneNumber?.message);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('register.phone')}
          placeholder={
            variant.laos ? t('register.phonePlaceholderLao') : t('register.phonePlaceholder')
          }
          description={variant.laos ? t('register.phoneHintLao') : t('register.phoneHint')}
          inputMode="tel"
          autoComplete="tel-national"
          leftSection={<IconPhone size={18} aria-hidden />}
          error={phoneError}
          {...register('phoneNumber')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting}>
          {t('register.next')}
        </Button>
      </Stack>
    </form>
  );
}
