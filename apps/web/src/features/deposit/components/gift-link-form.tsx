import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { type TruelinkForm, TruelinkFormSchema } from '@wallet/contract/deposit';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrencyUnit, useMoney } from '../../../hooks/use-money';
import { showErrorAlert, showSuccessAlert } from '../../../lib/alerts';
import { fieldErrorText } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useIdempotentAction } from '../../../lib/idempotency';
import { useWithdrawLimits } from '../../lookup/api/get-withdraw-limits';
import { useRedeemGiftLink, useTruelinkKey } from '../api/redeem-gift-link';
import { encryptLink } from '../encrypt-link';

/**
 * The TrueMoney gift-link flow (the spec's states and validation rules): paste the link, send (disabled while
 * the field is empty); the link is encrypted before it leaves the browser; success toast, and
 * the deposit modal closes. A retry of the same link sends the same ciphertext under the same
 * Idempotency-Key, so the server recognises it as the same request.
 */
export function GiftLinkForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const unit = useCurrencyUnit();
  const locale = useLocale();
  // The spec's validation rules's minimum, the setting of the member's currency (issue 30).
  const { data: limits } = useWithdrawLimits();
  const key = useTruelinkKey();
  const redeem = useRedeemGiftLink();
  const idempotent = useIdempotentAction();
  const sealed = useRef(new Map<string, string>());
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TruelinkForm>({
    resolver: zodResolver(TruelinkFormSchema),
    defaultValues: { link: '' },
  });

  const onSubmit = handleSubmit(async ({ link }) => {
    try {
      const publicKey = key.data?.publicKey ?? (await key.refetch()).data?.publicKey;
      if (!publicKey) throw key.error ?? new Error('no gift-link key');
      const answer = await idempotent({ link }, async (idempotencyKey) => {
        const ciphertext =
          sealed.current.get(idempotencyKey) ?? (await encryptLink(publicKey, link));
        sealed.current.set(idempotencyKey, ciphertext);
        return redeem.mutateAsync({ ciphertext, idempotencyKey });
      });
      onDone();
      showSuccessAlert(t('deposit.giftLinkDone', { amount: money(answer.amount) }));
    } catch (error) {
      showErrorAlert(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('deposit.giftLink')}
          placeholder="https://gift.truemoney.com/campaign/?v=…"
          autoComplete="off"
          inputMode="url"
          error={fieldErrorText(errors.link?.message)}
          {...register('link')}
        />
        <Text size="xs" c="dimmed">
          {t('deposit.giftLinkRule', {
            min: formatAmount(limits?.giftLinkMin ?? 0, locale),
            unit,
          })}
        </Text>
        <Button type="submit" loading={redeem.isPending} disabled={watch('link').trim() === ''}>
          {t('deposit.giftLinkSend')}
        </Button>
      </Stack>
    </form>
  );
}
