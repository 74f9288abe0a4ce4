import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Fieldset,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconDeviceFloppy } from '@tabler/icons-react';
import { type Currency, type QrProvider, qrProviders } from '@wallet/contract/constants';
import { MAX_MONEY } from '@wallet/contract/money';
import { type CurrencyLimits, CurrencyLimitsSchema } from '@wallet/contract/operator';
import { useState } from 'react';
import { type FieldPathByValue, get, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showSuccessAlert } from '../../../../lib/alerts';
import { useChangeLimits } from '../../api/change-limits';
import { showDeskError } from '../../fresh-code';
import { useStaffMoney } from '../../money';
import { MoneyField } from '../desk-form-modal';
import { ReasonModal } from '../reason-modal';

/**
 * A money box of the form: '' while empty, refused as missing rather than read as 0 (which the
 * withdraw minimum and the approval threshold would take), and refused in words above what the
 * contract's MoneySchema takes (its own refusal there is zod's English).
 */
const BoxSchema = z.union([z.number(), z.literal('')]).transform((value, context) => {
  if (value === '') {
    context.addIssue({ code: 'custom', message: 'KEY_MISSING' });
    return z.NEVER;
  }
  if (value > MAX_MONEY) {
    context.addIssue({ code: 'custom', message: 'backoffice.settings.limits.tooLarge' });
    return z.NEVER;
  }
  return value;
});

const qrBoxes = Object.fromEntries(qrProviders.map((provider) => [provider, BoxSchema])) as Record<
  QrProvider,
  typeof BoxSchema
>;

/** What the boxes hold, then the contract's own rules (the minimum not above the maximum). */
const LimitsFormSchema = z
  .object({
    withdrawMin: BoxSchema,
    withdrawMax: BoxSchema,
    withdrawApprovalAbove: BoxSchema,
    transferMin: BoxSchema,
    giftLinkMin: BoxSchema,
    qrMin: z.object(qrBoxes),
    qrMax: z.object(qrBoxes),
    depositMax: BoxSchema,
  })
  .pipe(CurrencyLimitsSchema);
type LimitsInput = z.input<typeof LimitsFormSchema>;
type Field = FieldPathByValue<LimitsInput, number | ''>;

/** A rule's box: the key of its words, and the words for its schema's KEY_INVALID. */
type Rule = { name: Field; invalid: string };
const rule = (name: Field, invalid = 'backoffice.settings.limits.aboveZero'): Rule => ({
  name,
  invalid,
});

/** The rules in the groups the form shows them in, each group with what it governs. */
const groups = [
  {
    key: 'withdraw',
    cols: 3,
    rules: [
      // The contract refuses a minimum above the maximum under the minimum.
      rule('withdrawMin', 'backoffice.settings.limits.minAboveMax'),
      rule('withdrawMax'),
      rule('withdrawApprovalAbove', 'backoffice.settings.limits.invalid'),
    ],
  },
  {
    key: 'deposit',
    // A row of the providers' minimums over a row of their maximums.
    cols: qrProviders.length,
    rules: [
      ...qrProviders.map((provider) => rule(`qrMin.${provider}`)),
      // The contract refuses a provider's maximum below its minimum or above the largest deposit.
      ...qrProviders.map((provider) =>
        rule(`qrMax.${provider}`, 'backoffice.settings.limits.qrMaxInvalid'),
      ),
      rule('depositMax'),
    ],
  },
  { key: 'other', cols: 3, rules: [rule('transferMin'), rule('giftLinkMin')] },
] as const;

/** A rule's amount, by its field's path (`qrMin.KBANK` reads inside `qrMin`). */
const ruleValue = (limits: CurrencyLimits, name: Field): number => get(limits, name);

type LimitsFormProps = {
  currency: Currency;
  /** The rules as the server keeps them; the form starts from them again once they change. */
  limits: CurrencyLimits;
  /** The role may change them (`settings.limits`); otherwise the form reads only. */
  mayChange: boolean;
};

/**
 * One currency's amount rules, in that currency: checked by the contract's CurrencyLimitsSchema
 * as the server checks them, then saved with a reason (the one reason dialog), which names what
 * changes, before and after.
 */
export function LimitsForm({ currency, limits, mayChange }: LimitsFormProps) {
  const { t } = useTranslation();
  const money = useStaffMoney();
  const save = useChangeLimits();
  const form = useForm<LimitsInput, unknown, CurrencyLimits>({
    resolver: zodResolver(LimitsFormSchema),
    values: limits,
  });
  const [checked, setChecked] = useState<CurrencyLimits | null>(null);
  const currencyName = t(`backoffice.currencies.${currency}`);

  const label = (name: Field) => {
    const [group, provider] = name.split('.');
    return provider
      ? t(`backoffice.settings.limits.fields.${group}`, { provider })
      : t(`backoffice.settings.limits.fields.${name}`);
  };

  const changes = (next: CurrencyLimits) =>
    groups
      .flatMap((group) => group.rules)
      .filter(({ name }) => ruleValue(limits, name) !== ruleValue(next, name))
      .map(({ name }) =>
        t('backoffice.settings.limits.change', {
          rule: label(name),
          before: money(ruleValue(limits, name), currency),
          after: money(ruleValue(next, name), currency),
        }),
      );

  const confirm = async (reason: string) => {
    if (!checked) return;
    try {
      await save.mutateAsync({ currency, limits: checked, reason });
      showSuccessAlert(t('backoffice.settings.limits.saved', { currency: currencyName }));
    } catch (error) {
      showDeskError(error);
      throw error;
    }
  };

  const dirty = form.formState.isDirty;
  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label={t('backoffice.settings.limits.formOf', { currency: currencyName })}
        onSubmit={form.handleSubmit(setChecked)}
        noValidate
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {currencyName}
          </Title>
          {groups.map((group) => (
            <Fieldset
              key={group.key}
              variant="unstyled"
              disabled={!mayChange}
              legend={
                <Text fw={600} size="sm">
                  {t(`backoffice.settings.limits.groups.${group.key}.title`)}
                </Text>
              }
            >
              <Text size="xs" c="dimmed" mb="xs">
                {t(`backoffice.settings.limits.groups.${group.key}.text`)}
              </Text>
              <SimpleGrid cols={group.cols} spacing="sm" verticalSpacing="xs">
                {group.rules.map(({ name, invalid }) => (
                  <MoneyField
                    key={name}
                    control={form.control}
                    name={name}
                    label={label(name)}
                    invalid={t(invalid)}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          ))}
          {mayChange && (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                disabled={!dirty}
                onClick={() => form.reset()}
              >
                {t('backoffice.settings.limits.undo')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                disabled={!dirty}
              >
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <ReasonModal
        request={
          checked && {
            title: t('backoffice.settings.limits.saveTitle', { currency: currencyName }),
            text: (
              <>
                {t('backoffice.settings.limits.saveText')}
                <List size="sm" mt="xs">
                  {changes(checked).map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </>
            ),
            confirmLabel: t('common.save'),
          }
        }
        onClose={() => setChecked(null)}
        onConfirm={confirm}
      />
    </Paper>
  );
}
