import {
  Button,
  ColorInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { WheelSetting } from '@wallet/contract/promotion-settings';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../../lib/errors';
import { uppercaseOnInput } from '../../../../lib/uppercase-on-input';
import { MoneyField } from '../desk-form-modal';
import { ChoiceField } from './fields';
import { LocalTextField } from './local-text-editor';
import type { WheelInput } from './wheel-form';

const prizeKinds = ['none', 'cash', 'bonus'] as const;

type SliceEditorProps = {
  form: UseFormReturn<WheelInput, unknown, WheelSetting>;
  index: number;
  /** Read only (the inputs are in the panel's disabled fieldset; the text editor is not). */
  disabled: boolean;
  /** Shows the slice's prize modal in the phone, as a member who lands on it sees it. */
  onShowPrize: () => void;
};

/** One slice of the wheel: its code, label and colours, its prize, and its description. */
export function SliceEditor({ form, index, disabled, onShowPrize }: SliceEditorProps) {
  const { t } = useTranslation();
  const errors = form.formState.errors.slices?.[index];
  const label = (field: string) => t(`backoffice.promotions.wheel.fields.${field}`);
  const code = form.register(`slices.${index}.code`);
  const colour = (name: 'bgColor' | 'textColor') => (
    <Controller
      control={form.control}
      name={`slices.${index}.${name}`}
      render={({ field }) => (
        <ColorInput
          label={label(name)}
          format="hex"
          eyeDropperButtonProps={{ 'aria-label': t('backoffice.promotions.wheel.pickColour') }}
          value={field.value}
          onChange={field.onChange}
          error={errors?.[name] && t('backoffice.promotions.wheel.colourInvalid')}
        />
      )}
    />
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label('slice')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('backoffice.promotions.wheel.sliceTitle', {
              code: form.watch(`slices.${index}.code`),
            })}
          </Title>
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={onShowPrize}
          >
            {t('backoffice.promotions.wheel.showPrize')}
          </Button>
        </Group>
        <SimpleGrid cols={3} spacing="sm">
          <TextInput
            label={label('code')}
            spellCheck={false}
            autoComplete="off"
            error={fieldErrorText(errors?.code?.message)}
            {...code}
            onChange={(event) => code.onChange(uppercaseOnInput(event))}
          />
          <TextInput
            label={label('label')}
            description={t('backoffice.promotions.wheel.labelText')}
            maxLength={24}
            error={fieldErrorText(errors?.label?.message)}
            {...form.register(`slices.${index}.label`)}
          />
          <div />
          {colour('bgColor')}
          {colour('textColor')}
          <div />
          <ChoiceField
            control={form.control}
            name={`slices.${index}.prizeKind`}
            label={label('prizeKind')}
            options={prizeKinds.map((kind) => ({
              value: kind,
              label: t(`backoffice.promotions.wheel.prizeKinds.${kind}`),
            }))}
            // Nothing to win is nothing: the contract takes no amount with it.
            onPicked={(kind) => {
              if (kind === 'none') form.setValue(`slices.${index}.prizeAmount`, 0);
            }}
          />
          <MoneyField
            control={form.control}
            name={`slices.${index}.prizeAmount`}
            label={label('prizeAmount')}
            invalid={t('backoffice.promotions.wheel.prizeAmountInvalid')}
          />
        </SimpleGrid>
        <LocalTextField
          control={form.control}
          name={`slices.${index}.htmlDescription`}
          label={label('htmlDescription')}
          description={t('backoffice.promotions.wheel.descriptionText')}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
