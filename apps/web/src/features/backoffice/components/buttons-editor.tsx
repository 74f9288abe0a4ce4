import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/errors';
import { type ComposerButtonType, type ComposerValues, MAX_BUTTONS } from '../composer-form';

const buttonTypes: ComposerButtonType[] = ['web', 'call', 'postback'];

/** One button: its kind, its title, and the link, number or reply it carries. */
function ButtonFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ComposerValues>();
  const type = useWatch({ control, name: `buttons.${index}.type` });
  const error = errors.buttons?.[index];
  const label = t('backoffice.buttons.item', { n: index + 1 });
  return (
    <Fieldset legend={label} variant="filled" p="xs">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NativeSelect
          size="sm"
          label={t('backoffice.buttons.type')}
          data={buttonTypes.map((value) => ({
            value,
            label: t(`backoffice.buttons.types.${value}`),
          }))}
          {...register(`buttons.${index}.type`)}
        />
        <TextInput
          size="sm"
          style={{ flex: '1 1 8rem' }}
          label={t('backoffice.buttons.title')}
          maxLength={80}
          error={fieldErrorText(error?.title?.message)}
          {...register(`buttons.${index}.title`)}
        />
        <TextInput
          size="sm"
          style={{ flex: '1 1 10rem' }}
          label={t(`backoffice.buttons.value.${type}`)}
          placeholder={t(`backoffice.buttons.placeholder.${type}`)}
          inputMode={type === 'call' ? 'tel' : type === 'web' ? 'url' : 'text'}
          maxLength={1000}
          error={fieldErrorText(error?.payload?.message)}
          {...register(`buttons.${index}.payload`)}
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          mt={26}
          aria-label={t('backoffice.buttons.remove', { name: label })}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Fieldset>
  );
}

/** Up to three buttons under a message: a link to open, a number to call or a reply to send. */
export function ButtonsEditor() {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<ComposerValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'buttons' });
  const listError = errors.buttons?.root?.message;
  return (
    <Stack gap={6}>
      {fields.map((field, index) => (
        <ButtonFields key={field.id} index={index} onRemove={() => remove(index)} />
      ))}
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={fields.length >= MAX_BUTTONS}
          onClick={() => append({ type: 'web', title: '', payload: '' })}
        >
          {t('backoffice.buttons.add')}
        </Button>
        {listError ? (
          <Text size="xs" c="red.4" role="alert">
            {fieldErrorText(listError)}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t('backoffice.buttons.count', { n: fields.length, max: MAX_BUTTONS })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
